//! The cardspec pattern language (spec §3.3): one printed pattern parsed into groups, then
//! expanded into every concrete arrangement it allows.
//!
//! A pattern is a list of groups separated by spaces. A group body of identical symbols is one
//! set (1 single, 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet); a body of mixed symbols (`2026`,
//! `NEWS`, `123`) is that many singles. Sets of three or more take jokers; singles and pairs
//! take naturals only. Symbols: `1`-`9` numbers, `0` white dragon as zero (no suit), `D` the
//! dragon of the group's suit, `R` `G` fixed dragons, `N` `E` `W` `S` winds, `Z` any wind (one
//! wind per group), `F` flower, a lower-case letter a number variable. A suit slot follows a
//! colon: a suit letter (`:a`; different letters are different suits), `:*` (any suit, chosen
//! per group) or a fixed suit (`:bam`, `:crak`, `:dot`). The tokens `+ = x * - /` are
//! decoration and ignored.

use std::collections::{BTreeMap, BTreeSet};

use crate::tile::{EAST, FLOWER, GREEN, RED, WHITE};

/// Suits in the shared kind order: 0 craks (m), 1 dots (p), 2 bams (s).
const SUIT_NAMES: [(&str, u8); 3] = [("crak", 0), ("dot", 1), ("bam", 2)];
/// The dragon of each suit, indexed like [`SUIT_NAMES`]: craks red, dots white, bams green.
pub const SUIT_DRAGONS: [u8; 3] = [RED, WHITE, GREEN];
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
    /// A suit variable: the same letter is the same suit, different letters different suits.
    Var(char),
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
    /// Parses `text`; every variable must be declared in `vars`. The message of an error names
    /// the bad token.
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
        Ok(Self { groups })
    }

    /// The distinct suit letters, in order of first use.
    pub fn suit_letters(&self) -> Vec<char> {
        let mut letters = Vec::new();
        for g in &self.groups {
            if let SuitSlot::Var(l) = g.suit
                && !letters.contains(&l)
            {
                letters.push(l);
            }
        }
        letters
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

    /// Inserts every concrete arrangement of the pattern into `out`: every injective suit
    /// assignment x shift offset x variable values x free choices (`:*`, `Z`).
    pub fn expand(&self, shift: Option<u8>, vars: &Variables, out: &mut BTreeSet<Arrangement>) {
        let letters = self.suit_letters();
        let highest = self
            .symbols()
            .filter_map(|s| match s {
                Symbol::Number(n) => Some(n),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        let offsets: Vec<u8> = match shift {
            Some(step) => (0..=9 - highest)
                .step_by(usize::from(step.max(1)))
                .collect(),
            None => vec![0],
        };
        let used: Vec<char> = self.variables().into_iter().collect();
        let domains: Vec<&Vec<u8>> = used
            .iter()
            .map(|l| {
                vars.absolute
                    .get(l)
                    .or_else(|| vars.shifted.get(l))
                    .map_or(&EMPTY, |v| v)
            })
            .collect();
        let free: Vec<usize> = self.groups.iter().map(Group::choices).collect();
        let suit_radix = vec![3; letters.len()];
        odometer(&suit_radix, |suits| {
            if (1..suits.len()).any(|i| suits[..i].contains(&suits[i])) {
                return;
            }
            for &offset in &offsets {
                let value_radix: Vec<usize> = domains.iter().map(|d| d.len()).collect();
                odometer(&value_radix, |picks| {
                    let mut values = BTreeMap::new();
                    for ((&letter, domain), &pick) in used.iter().zip(&domains).zip(picks) {
                        let mut value = domain[pick];
                        if vars.shifted.contains_key(&letter) {
                            value += offset;
                        }
                        values.insert(letter, value);
                    }
                    if values.values().any(|&v| !(1..=9).contains(&v)) {
                        return;
                    }
                    let ctx = Context {
                        letters: &letters,
                        suits,
                        offset,
                        values: &values,
                    };
                    odometer(&free, |choices| {
                        out.insert(ctx.arrangement(&self.groups, choices));
                    });
                });
            }
        });
    }
}

static EMPTY: Vec<u8> = Vec::new();

/// One assignment of suits, shift and variable values.
struct Context<'a> {
    letters: &'a [char],
    suits: &'a [usize],
    offset: u8,
    values: &'a BTreeMap<char, u8>,
}

impl Context<'_> {
    fn arrangement(&self, groups: &[Group], choices: &[usize]) -> Arrangement {
        let mut sets = Vec::new();
        let mut strict = BTreeMap::<u8, u8>::new();
        for (group, &choice) in groups.iter().zip(choices) {
            let suit = match group.suit {
                SuitSlot::None => None,
                SuitSlot::Fixed(s) => Some(s),
                SuitSlot::Any => Some((choice % 3) as u8),
                SuitSlot::Var(l) => self
                    .letters
                    .iter()
                    .position(|&x| x == l)
                    .map(|i| self.suits[i] as u8),
            };
            let wind = EAST + (choice / group.suit_choices()) as u8;
            let kind = |symbol: Symbol| -> u8 {
                let s = suit.unwrap_or(0);
                match symbol {
                    Symbol::Number(n) => s * 9 + n + self.offset - 1,
                    Symbol::Var(l) => s * 9 + self.values.get(&l).copied().unwrap_or(1) - 1,
                    Symbol::Zero => WHITE,
                    Symbol::Dragon => SUIT_DRAGONS[usize::from(s)],
                    Symbol::Fixed(k) => k,
                    Symbol::AnyWind => wind,
                }
            };
            if group.is_set() && group.symbols.len() >= 3 {
                sets.push((kind(group.symbols[0]), group.symbols.len() as u8));
            } else {
                for &symbol in &group.symbols {
                    *strict.entry(kind(symbol)).or_default() += 1;
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

impl Group {
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
    let suit = match suit {
        None => SuitSlot::None,
        Some("*") => SuitSlot::Any,
        Some(name) => match SUIT_NAMES.iter().find(|(n, _)| *n == name) {
            Some(&(_, s)) => SuitSlot::Fixed(s),
            None => {
                let mut chars = name.chars();
                match (chars.next(), chars.next()) {
                    (Some(l), None) if l.is_ascii_lowercase() => SuitSlot::Var(l),
                    _ => {
                        return Err(format!(
                            "unknown suit {name:?} (expected a letter such as a, b, c, or *, \
                             bam, crak, dot)"
                        ));
                    }
                }
            }
        },
    };
    if suit == SuitSlot::None && symbols.iter().any(|s| s.needs_suit()) {
        return Err("numbers, D and number variables need a suit (e.g. ':a')".to_owned());
    }
    Ok(Group { symbols, suit })
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
        assert_eq!(count(&["FFF 2026:a 666:b 6666:c"], None, &none()), 6);
        assert_eq!(count(&["22:a 0000 2222:b 6666:c"], None, &none()), 6);
        let even = Variables {
            absolute: [('v', vec![2, 4, 6, 8])].into(),
            ..Variables::default()
        };
        assert_eq!(count(&["FF 2468:a vvvv:b vvvv:c"], None, &even), 12);
        assert_eq!(count(&["FF 11:a 1111:b 11:c DDDD:a"], Some(1), &none()), 54);
        assert_eq!(count(&["FF 1111:a + 4444:b = 5555:c"], None, &none()), 6);
        assert_eq!(count(&["DDDDD:a 11111:b 2222:c"], Some(1), &none()), 48);
        assert_eq!(count(&["FFF 123:a 4444:a 5555:a"], Some(1), &none()), 15);
        assert_eq!(count(&["11:a 333:b 555:c NNNN SS"], Some(2), &none()), 18);
        assert_eq!(count(&["NNNN EEE DDD:* SSSS"], None, &none()), 3);
        assert_eq!(
            count(&["333:a 66:a 9:a 333:b 66:b 9:b FF"], None, &none()),
            3
        );
        assert_eq!(
            count(&["FF 11:a 22:a 33:a 44:b 55:b 66:b"], Some(1), &none()),
            24
        );
        assert_eq!(
            count(
                &["FF 2222:a 4444:a 6666:a", "FF 2222:a 4444:b 6666:c"],
                None,
                &none()
            ),
            9
        );
        let moving = Variables {
            shifted: [('v', vec![1, 2, 3])].into(),
            ..Variables::default()
        };
        assert_eq!(count(&["FF 123:a v:a vvvv:b vvvv:c"], Some(1), &moving), 63);
        assert_eq!(count(&["ZZZZ 1111:a 1111:b FF"], Some(1), &none()), 108);
        assert_eq!(count(&["FF 1111:dot 9999:dot NNNN"], None, &none()), 1);
        assert_eq!(count(&["FFF 2026:* 777:a 7777:b"], None, &none()), 18);
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
        assert_eq!(count(&["1111:a 1111:b FF 2222:c 33:c"], None, &none()), 3);
        assert_eq!(count(&["1111:a 1111:b"], None, &none()), 3);
    }

    #[test]
    fn two_pairs_are_not_a_kong() {
        let mut out = BTreeSet::new();
        Pattern::parse("11:a 11:a", &none())
            .unwrap()
            .expand(None, &none(), &mut out);
        let first = out.first().unwrap();
        assert!(first.sets.is_empty());
        assert_eq!(first.strict[0].1, 4);
    }

    #[test]
    fn parse_errors_name_the_token() {
        let e = |p: &str| Pattern::parse(p, &none()).unwrap_err();
        assert!(e("1111").contains("need a suit"));
        assert!(e("11:q1").contains("unknown suit"));
        assert!(e("vvv:a").contains("variable 'v'"));
        assert!(e("11X:a").contains("'X'"));
        assert!(e("1111111:a").contains("7 tiles"));
        assert!(e(":a").contains("no tiles"));
        assert!(e("+ =").contains("no groups"));
    }
}
