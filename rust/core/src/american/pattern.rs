//! The cardspec pattern language (spec §3.3): one printed pattern parsed into groups, then
//! expanded into every concrete arrangement it allows.
//!
//! A pattern is a list of groups separated by spaces. A group body of identical symbols is one
//! set (1 single, 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet); a body of mixed symbols (`2026`,
//! `NEWS`, `123`) is that many singles. Sets of three or more take jokers; singles and pairs
//! take naturals only. Symbols: `1`-`9` numbers, `0` white dragon as zero (no suit), `D` the
//! dragon of the group's suit, `R` `G` fixed dragons, `N` `E` `W` `S` winds, `Z` any wind (one
//! wind per group), `F` flower, a lower-case letter a number variable. Every symbol is one
//! tile, so a pattern has exactly 14 symbols. A suit slot follows a colon, only on a group with
//! numbers, `D` or number variables: a suit letter `a`, `b` or `c` (different letters are
//! different suits), `*` (any suit, chosen per group) or a fixed suit (`bam`, `crak`, `dot`).
//! The tokens `+ = x * - /` are decoration and ignored.

use std::collections::{BTreeMap, BTreeSet};

use super::card::HAND_SIZE;
use crate::tile::{EAST, FLOWER, GREEN, RED, WHITE};

/// Suits in the shared kind order: 0 craks (m), 1 dots (p), 2 bams (s).
const SUIT_NAMES: [(&str, u8); 3] = [("crak", 0), ("dot", 1), ("bam", 2)];
/// The dragon of each suit, indexed like [`SUIT_NAMES`]: craks red, dots white, bams green.
const SUIT_DRAGONS: [u8; 3] = [RED, WHITE, GREEN];
/// The suit letters of the grammar; a letter's index is its slot in a suit assignment.
const SUIT_LETTERS: [char; 3] = ['a', 'b', 'c'];
/// Every order of the three suits; restricted to the letters a pattern uses, they give every
/// injective suit assignment.
const SUIT_ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
/// Tokens that stand alone for decoration in maths hands.
const DECORATION: [&str; 6] = ["+", "=", "x", "*", "-", "/"];
/// Fixed one-letter tiles of the pattern language and their kinds.
const FIXED: [(char, u8); 7] = [
    ('R', RED),
    ('G', GREEN),
    ('N', EAST + 3),
    ('E', EAST),
    ('W', EAST + 2),
    ('S', EAST + 1),
    ('F', FLOWER),
];

/// One symbol of a group body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Symbol {
    /// A printed number 1..=9 (moves with the hand's shift).
    Number(u8),
    /// The white dragon used as zero: suitless.
    Zero,
    /// The dragon of the group's suit.
    Dragon,
    /// A tile fixed by the pattern (R, G, a wind, F).
    Fixed(u8),
    /// Any wind (all `Z` of one group are the same wind).
    AnyWind,
    /// A number variable, by letter.
    Var(char),
}

impl Symbol {
    fn needs_suit(self) -> bool {
        matches!(self, Self::Number(_) | Self::Dragon | Self::Var(_))
    }
}

/// The suit slot of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SuitSlot {
    /// No suit (winds, flowers, fixed dragons, zeros).
    None,
    /// A suit letter, by index in [`SUIT_LETTERS`]: the same letter is the same suit,
    /// different letters different suits.
    Letter(usize),
    /// Any suit, chosen freely for this group.
    Any,
    /// A fixed suit (0 craks, 1 dots, 2 bams).
    Fixed(u8),
}

#[derive(Debug, Clone)]
struct Group {
    symbols: Vec<Symbol>,
    suit: SuitSlot,
}

impl Group {
    /// Whether the body is one set of identical symbols (else a run of singles).
    fn is_set(&self) -> bool {
        self.symbols.iter().all(|&s| s == self.symbols[0])
    }

    fn suit_choices(&self) -> usize {
        if self.suit == SuitSlot::Any { 3 } else { 1 }
    }

    /// Number of free choices: 3 suits for `:*`, times 4 winds if the body has `Z`.
    fn choices(&self) -> usize {
        let winds = if self.symbols.contains(&Symbol::AnyWind) {
            4
        } else {
            1
        };
        self.suit_choices() * winds
    }
}

/// A parsed pattern: its groups, in printed order.
#[derive(Debug, Clone)]
pub struct Pattern {
    groups: Vec<Group>,
}

/// Number variables of a hand: `vars` take absolute values, `svars` printed values that move
/// with the shift.
#[derive(Debug, Clone, Default)]
pub struct Variables {
    /// Letter -> absolute values.
    pub absolute: BTreeMap<char, Vec<u8>>,
    /// Letter -> printed values, moved by the shift.
    pub shifted: BTreeMap<char, Vec<u8>>,
}

impl Variables {
    fn declares(&self, letter: char) -> bool {
        self.absolute.contains_key(&letter) || self.shifted.contains_key(&letter)
    }

    /// The values of a declared variable (none for an undeclared one).
    fn domain(&self, letter: char) -> &[u8] {
        self.absolute
            .get(&letter)
            .or_else(|| self.shifted.get(&letter))
            .map_or(&[], Vec::as_slice)
    }
}

/// A concrete arrangement in canonical form: joker-eligible sets `(kind, size)` and the
/// natural-only tiles `(kind, count)` (singles, pairs and runs of singles merged per kind),
/// each sorted. Two printed shapes with the same canonical form accept exactly the same tiles.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Arrangement {
    /// Joker-eligible sets (3 or more identical tiles) as `(kind, size)`, sorted.
    pub sets: Vec<(u8, u8)>,
    /// Natural-only tiles as `(kind, count)`, sorted by kind.
    pub strict: Vec<(u8, u8)>,
}

impl Pattern {
    /// Parses `text`; every variable must be declared in `vars`, and the pattern must have
    /// exactly 14 tiles (one per symbol). The message of an error names the bad token.
    pub fn parse(text: &str, vars: &Variables) -> Result<Self, String> {
        let mut groups = Vec::new();
        for token in text.split_whitespace() {
            if DECORATION.contains(&token) {
                continue;
            }
            groups.push(parse_group(token, vars).map_err(|e| format!("group {token:?}: {e}"))?);
        }
        if groups.is_empty() {
            return Err(format!("pattern {text:?} has no groups"));
        }
        let tiles: usize = groups.iter().map(|g| g.symbols.len()).sum();
        if tiles != usize::from(HAND_SIZE) {
            return Err(format!(
                "{}, not {HAND_SIZE} (each symbol is one tile)",
                super::plural(tiles as u64, "tile")
            ));
        }
        Ok(Self { groups })
    }

    /// The variable letters used in group bodies.
    pub fn variables(&self) -> BTreeSet<char> {
        self.symbols()
            .filter_map(|s| match s {
                Symbol::Var(l) => Some(l),
                _ => None,
            })
            .collect()
    }

    fn symbols(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.groups.iter().flat_map(|g| g.symbols.iter().copied())
    }

    /// How many combinations [`Pattern::expand`] visits (suit assignments x shift offsets x
    /// variable values x free choices), before dropping out-of-range values and duplicates;
    /// saturates at `u64::MAX`. Cheap: nothing is expanded.
    pub fn combinations(&self, shift: Option<u8>, vars: &Variables) -> u64 {
        let plan = Plan::new(self, shift, vars);
        [plan.suits.len(), plan.offsets.len()]
            .into_iter()
            .chain(plan.value_radix.iter().copied())
            .chain(plan.free.iter().copied())
            .fold(1u64, |n, r| n.saturating_mul(r as u64))
    }

    /// Inserts every concrete arrangement of the pattern into `out`: every injective suit
    /// assignment x shift offset x variable values x free choices (`:*`, `Z`). The caller
    /// bounds the work with [`Pattern::combinations`] first.
    pub fn expand(&self, shift: Option<u8>, vars: &Variables, out: &mut BTreeSet<Arrangement>) {
        let plan = Plan::new(self, shift, vars);
        for suits in &plan.suits {
            for &offset in &plan.offsets {
                odometer(&plan.value_radix, |picks| {
                    let mut values = BTreeMap::new();
                    for (&letter, &pick) in plan.used.iter().zip(picks) {
                        let mut value = vars.domain(letter)[pick];
                        if vars.shifted.contains_key(&letter) {
                            value += offset;
                        }
                        values.insert(letter, value);
                    }
                    if values.values().any(|&v| !(1..=9).contains(&v)) {
                        return;
                    }
                    let ctx = Context {
                        suits,
                        offset,
                        values: &values,
                    };
                    odometer(&plan.free, |choices| {
                        out.insert(ctx.arrangement(&self.groups, choices));
                    });
                });
            }
        }
    }
}

/// One printed group spelled in tiles: its kinds, and its suit slot (`a`, `b`, `c`: the same
/// letter one suit, other letters other suits; `any`: a suit chosen freely; `None`: no suit,
/// or a fixed one).
pub type Spelled = (Vec<u8>, Option<&'static str>);

impl Pattern {
    /// The groups in printed order spelled as one concrete arrangement (the first suit
    /// assignment and shift, the first variable values that fit, the first free choices),
    /// each with its suit slot: how a card shows the hand in tiles.
    pub fn example(&self, shift: Option<u8>, vars: &Variables) -> Vec<Spelled> {
        let plan = Plan::new(self, shift, vars);
        let suits = plan.suits.first().copied().unwrap_or_default();
        let offset = plan.offsets.first().copied().unwrap_or(0);
        let mut chosen: Option<BTreeMap<char, u8>> = None;
        odometer(&plan.value_radix, |picks| {
            if chosen.is_some() {
                return;
            }
            let values: BTreeMap<char, u8> = plan
                .used
                .iter()
                .zip(picks)
                .map(|(&letter, &pick)| {
                    let shifted = u8::from(vars.shifted.contains_key(&letter)) * offset;
                    (letter, vars.domain(letter)[pick] + shifted)
                })
                .collect();
            if values.values().all(|v| (1..=9).contains(v)) {
                chosen = Some(values);
            }
        });
        let values = chosen.unwrap_or_default();
        let ctx = Context {
            suits: &suits,
            offset,
            values: &values,
        };
        self.groups
            .iter()
            .map(|g| {
                let slot = match g.suit {
                    SuitSlot::Letter(i) => Some(["a", "b", "c"][i]),
                    SuitSlot::Any => Some("any"),
                    SuitSlot::None | SuitSlot::Fixed(_) => None,
                };
                (ctx.kinds(g, 0), slot)
            })
            .collect()
    }
}

/// What an expansion iterates over: the choices of each kind and how many there are.
struct Plan {
    /// Injective suit assignments: the suit of each letter of [`SUIT_LETTERS`] (0 if unused).
    suits: Vec<[u8; 3]>,
    /// Shift offsets of the printed numbers.
    offsets: Vec<u8>,
    /// The variables used, and the number of values of each.
    used: Vec<char>,
    value_radix: Vec<usize>,
    /// Free choices per group (`:*`, `Z`).
    free: Vec<usize>,
}

impl Plan {
    fn new(pattern: &Pattern, shift: Option<u8>, vars: &Variables) -> Self {
        let mut letters = [false; 3];
        for g in &pattern.groups {
            if let SuitSlot::Letter(i) = g.suit {
                letters[i] = true;
            }
        }
        let mut suits: Vec<[u8; 3]> = SUIT_ORDERS
            .iter()
            .map(|order| std::array::from_fn(|i| if letters[i] { order[i] } else { 0 }))
            .collect();
        suits.sort_unstable();
        suits.dedup();
        let highest = pattern
            .symbols()
            .filter_map(|s| match s {
                Symbol::Number(n) => Some(n),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        let offsets = match shift {
            Some(step) => (0..=9 - highest)
                .step_by(usize::from(step.max(1)))
                .collect(),
            None => vec![0],
        };
        let used: Vec<char> = pattern.variables().into_iter().collect();
        let value_radix = used.iter().map(|&l| vars.domain(l).len()).collect();
        Self {
            suits,
            offsets,
            used,
            value_radix,
            free: pattern.groups.iter().map(Group::choices).collect(),
        }
    }
}

/// One assignment of suits, shift and variable values.
struct Context<'a> {
    suits: &'a [u8; 3],
    offset: u8,
    values: &'a BTreeMap<char, u8>,
}

impl Context<'_> {
    /// The kind of each symbol of `group` with its free `choice` (`:*` suit, `Z` wind).
    fn kinds(&self, group: &Group, choice: usize) -> Vec<u8> {
        let suit = match group.suit {
            SuitSlot::None => 0,
            SuitSlot::Fixed(s) => s,
            SuitSlot::Any => (choice % 3) as u8,
            SuitSlot::Letter(i) => self.suits[i],
        };
        let wind = EAST + (choice / group.suit_choices()) as u8;
        let kind = |symbol: Symbol| -> u8 {
            match symbol {
                Symbol::Number(n) => suit * 9 + n + self.offset - 1,
                Symbol::Var(l) => suit * 9 + self.values.get(&l).copied().unwrap_or(1) - 1,
                Symbol::Zero => WHITE,
                Symbol::Dragon => SUIT_DRAGONS[usize::from(suit)],
                Symbol::Fixed(k) => k,
                Symbol::AnyWind => wind,
            }
        };
        group.symbols.iter().map(|&s| kind(s)).collect()
    }

    fn arrangement(&self, groups: &[Group], choices: &[usize]) -> Arrangement {
        let mut sets = Vec::new();
        let mut strict = BTreeMap::<u8, u8>::new();
        for (group, &choice) in groups.iter().zip(choices) {
            let kinds = self.kinds(group, choice);
            if group.is_set() && kinds.len() >= 3 {
                sets.push((kinds[0], kinds.len() as u8));
            } else {
                for kind in kinds {
                    let count = strict.entry(kind).or_default();
                    *count = count.saturating_add(1);
                }
            }
        }
        sets.sort_unstable();
        Arrangement {
            sets,
            strict: strict.into_iter().collect(),
        }
    }
}

/// Calls `visit` with every index vector below `radix` (once with `[]` for an empty radix,
/// never if some radix is 0).
fn odometer(radix: &[usize], mut visit: impl FnMut(&[usize])) {
    if radix.contains(&0) {
        return;
    }
    let mut index = vec![0; radix.len()];
    loop {
        visit(&index);
        let mut pos = 0;
        loop {
            if pos == radix.len() {
                return;
            }
            index[pos] += 1;
            if index[pos] < radix[pos] {
                break;
            }
            index[pos] = 0;
            pos += 1;
        }
    }
}

fn parse_group(token: &str, vars: &Variables) -> Result<Group, String> {
    let (body, suit) = match token.split_once(':') {
        Some((body, suit)) => (body, Some(suit)),
        None => (token, None),
    };
    if body.is_empty() {
        return Err("the group has no tiles before ':'".to_owned());
    }
    let symbols = body
        .chars()
        .map(|c| parse_symbol(c, vars))
        .collect::<Result<Vec<_>, _>>()?;
    if symbols.len() > 6 {
        return Err(format!(
            "{} tiles in one group (a sextet, 6, is the largest set)",
            symbols.len()
        ));
    }
    let needs_suit = symbols.iter().any(|s| s.needs_suit());
    let Some(name) = suit else {
        if needs_suit {
            return Err("numbers, D and number variables need a suit (e.g. ':a')".to_owned());
        }
        return Ok(Group {
            symbols,
            suit: SuitSlot::None,
        });
    };
    let suit = parse_suit(name)?;
    if !needs_suit {
        return Err(format!(
            "suit {name:?} on a group without numbers, D or number variables (winds, flowers, \
             R, G and 0 have no suit)"
        ));
    }
    Ok(Group { symbols, suit })
}

fn parse_suit(name: &str) -> Result<SuitSlot, String> {
    if name == "*" {
        return Ok(SuitSlot::Any);
    }
    if let Some(&(_, s)) = SUIT_NAMES.iter().find(|(n, _)| *n == name) {
        return Ok(SuitSlot::Fixed(s));
    }
    let mut chars = name.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(l), None) => SUIT_LETTERS.iter().position(|&x| x == l),
        _ => None,
    };
    letter.map(SuitSlot::Letter).ok_or_else(|| {
        format!(
            "unknown suit {name:?}: expected a, b or c (suit letters; there are 3 suits), * \
             (any suit), or bam, crak, dot"
        )
    })
}

fn parse_symbol(c: char, vars: &Variables) -> Result<Symbol, String> {
    Ok(match c {
        '0' => Symbol::Zero,
        '1'..='9' => Symbol::Number(c as u8 - b'0'),
        'D' => Symbol::Dragon,
        'Z' => Symbol::AnyWind,
        c if c.is_ascii_lowercase() => {
            if !vars.declares(c) {
                return Err(format!("variable '{c}' is not declared in vars or svars"));
            }
            Symbol::Var(c)
        }
        c => match FIXED.iter().find(|(l, _)| *l == c) {
            Some(&(_, kind)) => Symbol::Fixed(kind),
            None => {
                return Err(format!(
                    "unknown symbol {c:?} (expected 0-9, D, R, G, N, E, W, S, Z, F or a \
                     variable letter)"
                ));
            }
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(patterns: &[&str], shift: Option<u8>, vars: &Variables) -> usize {
        let mut out = BTreeSet::new();
        for p in patterns {
            Pattern::parse(p, vars)
                .unwrap()
                .expand(shift, vars, &mut out);
        }
        out.len()
    }

    fn none() -> Variables {
        Variables::default()
    }

    #[test]
    fn spec_examples_expand_to_the_stated_counts() {
        // american-rules.md §3.7, examples 1-15.
        let even = Variables {
            absolute: [('v', vec![2, 4, 6, 8])].into(),
            ..Variables::default()
        };
        let moving = Variables {
            shifted: [('v', vec![1, 2, 3])].into(),
            ..Variables::default()
        };
        let none = none();
        let examples: [(&[&str], Option<u8>, &Variables, usize); 16] = [
            (&["FFF 2026:a 666:b 6666:c"], None, &none, 6),
            (&["22:a 0000 2222:b 6666:c"], None, &none, 6),
            (&["FF 2468:a vvvv:b vvvv:c"], None, &even, 12),
            (&["FF 11:a 1111:b 11:c DDDD:a"], Some(1), &none, 54),
            (&["FF 1111:a + 4444:b = 5555:c"], None, &none, 6),
            (&["DDDDD:a 11111:b 2222:c"], Some(1), &none, 48),
            (&["FFF 123:a 4444:a 5555:a"], Some(1), &none, 15),
            (&["11:a 333:b 555:c NNNN SS"], Some(2), &none, 18),
            (&["NNNN EEE DDD:* SSSS"], None, &none, 3),
            (&["333:a 66:a 9:a 333:b 66:b 9:b FF"], None, &none, 3),
            (&["FF 11:a 22:a 33:a 44:b 55:b 66:b"], Some(1), &none, 24),
            (
                &["FF 2222:a 4444:a 6666:a", "FF 2222:a 4444:b 6666:c"],
                None,
                &none,
                9,
            ),
            (&["FF 123:a v:a vvvv:b vvvv:c"], Some(1), &moving, 63),
            (&["ZZZZ 1111:a 1111:b FF"], Some(1), &none, 108),
            (&["FF 1111:dot 9999:dot NNNN"], None, &none, 1),
            (&["FFF 2026:* 777:a 7777:b"], None, &none, 18),
        ];
        let mut most = 0;
        for (patterns, shift, vars, variants) in examples {
            assert_eq!(count(patterns, shift, vars), variants, "{patterns:?}");
            let combinations: u64 = patterns
                .iter()
                .map(|p| Pattern::parse(p, vars).unwrap().combinations(shift, vars))
                .sum();
            assert!(combinations >= variants as u64, "{patterns:?}");
            most = most.max(combinations);
        }
        // The largest is example 14 (6 suit assignments x 9 numbers x 4 winds), far below the
        // card loader's cap.
        assert_eq!(most, 216);
        assert!(most * 50 < crate::american::card::MAX_COMBINATIONS);
    }

    #[test]
    fn example_8_first_variant() {
        // "11:a 333:b 555:c NNNN SS" with shift 2: strict 1x2 and S x2, sets of 3, 5 and N.
        let mut out = BTreeSet::new();
        Pattern::parse("11:a 333:b 555:c NNNN SS", &none())
            .unwrap()
            .expand(Some(2), &none(), &mut out);
        let bams_first = out
            .iter()
            .find(|a| a.strict.contains(&(18, 2)) && a.sets.contains(&(2, 3)))
            .unwrap();
        assert_eq!(bams_first.strict, vec![(18, 2), (28, 2)]);
        assert_eq!(bams_first.sets, vec![(2, 3), (13, 3), (30, 4)]);
    }

    #[test]
    fn symmetric_suit_letters_are_deduplicated() {
        // a and b are interchangeable: 6 suit assignments give 3 distinct arrangements.
        let vars = none();
        let pattern = Pattern::parse("1111:a 1111:b FF 222:c 3:c", &vars).unwrap();
        assert_eq!(pattern.combinations(None, &vars), 6);
        assert_eq!(count(&["1111:a 1111:b FF 222:c 3:c"], None, &vars), 3);
        // like-2 of the house card: 6 assignments x 9 numbers, but a and c are symmetric.
        let like2 = Pattern::parse("1111:a 111:b 1111:c EEE", &vars).unwrap();
        assert_eq!(like2.combinations(Some(1), &vars), 54);
        assert_eq!(count(&["1111:a 111:b 1111:c EEE"], Some(1), &vars), 27);
    }

    #[test]
    fn suit_assignments_are_injective() {
        // 3!/(3-k)! assignments for k suit letters: 1, 3, 6, 6.
        let vars = none();
        let combinations = |p: &str| Pattern::parse(p, &vars).unwrap().combinations(None, &vars);
        assert_eq!(combinations("FFFFFF NNNNNN WW"), 1);
        assert_eq!(combinations("1111:a FFFF NNNN WW"), 3);
        assert_eq!(combinations("1111:a 1111:b NNNN WW"), 6);
        assert_eq!(combinations("1111:a 1111:b 1111:c WW"), 6);
        assert_eq!(count(&["1111:a 1111:b 1111:c WW"], None, &vars), 1);
        // Free choices multiply: 3 suits for `:*`, 4 winds for a Z group.
        assert_eq!(combinations("DDDD:* ZZZZ ZZZZ FF"), 48);
        let singles = ["Z"; 14].join(" ");
        assert_eq!(combinations(&singles), 4u64.pow(14));
        let many = Variables {
            absolute: [('v', vec![1; 1000]), ('w', vec![2; 1000])].into(),
            ..Variables::default()
        };
        let big = Pattern::parse("vvvv:a wwww:b FFFFFF", &many).unwrap();
        assert_eq!(big.combinations(Some(1), &many), 6 * 9 * 1_000_000);
    }

    #[test]
    fn two_pairs_are_not_a_kong() {
        let mut out = BTreeSet::new();
        Pattern::parse("11:a 11:a FF 2222:b 3333:c", &none())
            .unwrap()
            .expand(None, &none(), &mut out);
        let first = out.first().unwrap();
        assert_eq!(first.sets.len(), 2);
        assert_eq!(first.strict[0].1, 4);
    }

    #[test]
    fn parse_errors_name_the_token() {
        let e = |p: &str| Pattern::parse(p, &none()).unwrap_err();
        assert!(e("1111").contains("need a suit"));
        assert!(e("11:q1").contains("unknown suit \"q1\""));
        assert!(e("vvv:a").contains("variable 'v'"));
        assert!(e("11X:a").contains("'X'"));
        assert!(e("1111111:a").contains("7 tiles"));
        assert!(e(":a").contains("no tiles"));
        assert!(e("+ =").contains("no groups"));
    }

    #[test]
    fn suit_slots_follow_the_grammar() {
        let e = |p: &str| Pattern::parse(p, &none()).unwrap_err();
        // Only a, b, c are suit letters: a typo for dots is no fourth suit.
        let d = e("FF 1111:a 1111:b 1111:c 11:d");
        assert!(d.contains("group \"11:d\": unknown suit \"d\""), "{d}");
        assert!(d.contains("there are 3 suits"), "{d}");
        assert!(e("FF 1111:dots 9999:dot NNNN").contains("unknown suit \"dots\""));
        // A suit only goes on a group that needs one.
        for group in ["ZZZZ:*", "FF:c", "NNN:a", "000:bam", "RRR:a"] {
            let message = e(&format!("{group} 1111:a 1111:b 333:c"));
            assert!(message.contains("on a group without numbers"), "{message}");
        }
        assert!(Pattern::parse("DDDD:* 2026:* 777:a FFF", &none()).is_ok());
    }

    #[test]
    fn a_pattern_has_exactly_fourteen_tiles() {
        let e = |p: &str| Pattern::parse(p, &none()).unwrap_err();
        assert!(e("FF 1111:a 9999:a NNN").contains("13 tiles, not 14"));
        assert!(e("FF 1111:a 9999:a NNNNN").contains("15 tiles, not 14"));
        // Long patterns once overflowed u8 sums (270 tiles wrapped to 14).
        assert!(e(&["FFFFFF"; 43].join(" ")).contains("258 tiles, not 14"));
        assert!(e(&["FF"; 130].join(" ")).contains("260 tiles, not 14"));
        assert!(e(&["111111:a"; 45].join(" ")).contains("270 tiles, not 14"));
    }
}
