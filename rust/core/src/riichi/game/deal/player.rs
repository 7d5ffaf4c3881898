//! One player's side of a deal: concealed tiles, melds, pond, riichi, waits and furiten.

use std::sync::Arc;

use crate::efficiency;
use crate::error::{Error, Result};
use crate::meld::Meld;
use crate::shanten::{Form, Parts};
use crate::tile::{RIICHI_KINDS, kind_of_id};

/// One discard in a player's pond.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PondTile {
    /// The tile.
    pub tile: u8,
    /// The drawn tile was discarded.
    pub tsumogiri: bool,
    /// The riichi declaration discard.
    pub riichi: bool,
    /// Claimed by another player (it still counts for furiten and nagashi).
    pub called: bool,
}

/// A declared meld with its physical tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealMeld {
    /// The meld for scoring.
    pub meld: Meld,
    /// Its tiles (3 or 4 ids).
    pub tiles: Vec<u8>,
    /// The claimed tile, if any.
    pub called: Option<u8>,
    /// Who discarded the claimed tile.
    pub from: Option<usize>,
    /// Its owner's discards when it was made (for an added kan, when the tile was added):
    /// everyone sees when a kan is declared, and this keeps it.
    pub after_discards: usize,
}

/// The Norths a player has set aside by kita (three players), in order, each with how many
/// discards and kans the player had made before it (its place in the player's turns, as a
/// meld's `after_discards`, and among its kans). Kept inline: a deal has four Norths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kita {
    tiles: [u8; 4],
    /// (discards, kans) before each.
    after: [(u8, u8); 4],
    len: u8,
}

impl Kita {
    /// The most a player can set aside: the four Norths.
    pub const MAX: usize = 4;

    /// The tiles set aside, in order.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..usize::from(self.len)]
    }

    /// Each tile set aside with the (discards, kans) the player had made before it, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u8, (usize, usize))> + '_ {
        let after = self
            .after
            .iter()
            .map(|&(d, k)| (usize::from(d), usize::from(k)));
        self.tiles().iter().copied().zip(after)
    }

    /// How many tiles are set aside.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sets `tile` aside after `(discards, kans)`; an error past [`Self::MAX`] tiles or
    /// 255 discards.
    pub fn push(&mut self, tile: u8, (discards, kans): (usize, usize)) -> Result<()> {
        let at = usize::from(self.len);
        let after = u8::try_from(discards).ok().zip(u8::try_from(kans).ok());
        match after {
            Some(after) if at < Self::MAX => {
                self.tiles[at] = tile;
                self.after[at] = after;
                self.len += 1;
                Ok(())
            }
            _ => Err(Error::argument(format!(
                "kita {tile} after ({discards}, {kans}) (discards, kans): a player sets aside \
                 at most {} Norths, after at most 255 discards and kans",
                Self::MAX
            ))),
        }
    }
}

/// Why a player may not ron (R11), the most lasting kind first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Furiten {
    /// A wait kind is among the player's own discards (R11.2).
    Discard,
    /// A wait tile passed since the player's last riichi (R11.4): for the rest of the deal.
    Riichi,
    /// A wait tile passed since the player's last turn (R11.3).
    Temporary,
}

impl Furiten {
    /// The name used in observations and reasons.
    pub fn name(self) -> &'static str {
        match self {
            Self::Discard => "discard",
            Self::Riichi => "riichi",
            Self::Temporary => "temporary",
        }
    }
}

crate::catalogue_part! {
    /// Why a player is furiten, in words (keys `furiten.*`, by [`Furiten::name`]).
    FURITEN: [
        "furiten.discard" () => "a wait is among your own discards, so no ron",
        "furiten.riichi" () => "a winning tile passed since your riichi, so no ron this deal",
        "furiten.temporary" () =>
            "a winning tile passed since your last turn, so no ron until then",
    ]
}

/// Furiten from passed wait tiles: set by [`PlayerState::pass_wait`] and cleared by
/// [`PlayerState::end_temporary_furiten`], nowhere else.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Passed {
    temporary: bool,
    riichi: bool,
}

/// What a draw left in the hand, until the hand changes otherwise: the drawn kind, the
/// concealed tiles' shanten with it (exact when 0 or less; when the hand before the draw was
/// surely two or more from tenpai, a lower bound of 1 or more, not computed), and whether the
/// waits were those of the hand before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Drawn {
    kind: u8,
    shanten: i8,
    waits_held: bool,
}

/// A lower bound of a hand's shanten that nothing has set ([`PlayerState`]'s `floor`).
const NO_FLOOR: i8 = i8::MIN;

/// What one player has and has done.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Concealed tiles, ascending ids.
    pub hand: Vec<u8>,
    /// Declared melds (shared with observations until the next change).
    pub melds: Arc<Vec<DealMeld>>,
    /// Discards in order, called ones included (shared with observations until the next
    /// change).
    pub pond: Arc<Vec<PondTile>>,
    /// Norths set aside by kita (three players).
    pub kita: Kita,
    /// Riichi declared and accepted.
    pub riichi: bool,
    /// The riichi was a double riichi.
    pub double_riichi: bool,
    /// Inside the ippatsu window.
    pub ippatsu: bool,
    /// Wall draws taken (the dealer's 14th tile counts).
    pub draws: u32,
    /// Who is liable for a pao yakuman of this player.
    pub liable: Option<usize>,
    passed: Passed,
    /// Wait kinds of the concealed part when it has 3n+1 tiles.
    waits: Vec<u8>,
    /// `waits` are those of the concealed tiles as they are (set by [`Self::refresh_waits`],
    /// cleared by any other change of the hand).
    waits_current: bool,
    /// What the last draw left, while the hand is as it left it.
    drawn: Option<Drawn>,
    /// A lower bound of the concealed tiles' shanten, kept through draws (one less) and
    /// discards (no less), [`NO_FLOOR`] after any other change: a draw needs no shanten
    /// computed while the bound keeps the hand from tenpai.
    floor: i8,
    /// The concealed tiles' shanten costs, kept in step with `hand` by the methods that change
    /// it, but for the costs of the parts in `stale`.
    shape: Parts,
    /// The parts of `shape` (a bit each) whose tiles changed since their costs were read:
    /// read again only when a shanten is needed ([`Self::shape`]).
    stale: u8,
}

impl PlayerState {
    /// Whether no meld opens the hand.
    pub fn closed(&self) -> bool {
        self.melds.iter().all(|m| !m.meld.is_open())
    }

    /// Concealed tiles per kind.
    pub fn counts(&self) -> [u8; RIICHI_KINDS] {
        *self.shape.counts()
    }

    /// The concealed tiles' shanten costs.
    pub(super) fn shape(&self) -> Parts {
        self.shape.refreshed(self.stale)
    }

    /// Reads the stale parts' costs again ([`Self::shape`]), keeping them.
    fn freshen(&mut self) {
        self.shape = self.shape();
        self.stale = 0;
    }

    /// Moves one tile of `kind` into the concealed tiles (`add`) or out of them, the part's
    /// costs left to be read when needed.
    fn move_tile(&mut self, kind: u8, add: bool) {
        let k = usize::from(kind);
        self.shape = if add {
            self.shape.with_stale(k)
        } else {
            self.shape.without_stale(k)
        };
        self.stale |= 1 << crate::shanten::part_of(k);
    }

    /// Sets the concealed tiles (sorted here).
    pub(super) fn set_hand(&mut self, mut hand: Vec<u8>) {
        hand.sort_unstable();
        let mut counts = [0u8; RIICHI_KINDS];
        for &t in &hand {
            counts[usize::from(kind_of_id(t))] += 1;
        }
        self.hand = hand;
        self.shape = Parts::new(&counts);
        self.stale = 0;
        self.changed();
    }

    /// Removes every concealed tile of `kind` (an ankan's four).
    pub(super) fn take_kind(&mut self, kind: u8) {
        self.changed();
        self.hand.retain(|&t| kind_of_id(t) != kind);
        while self.held(kind) > 0 {
            self.move_tile(kind, false);
        }
    }

    /// The concealed tiles of `kind`, ascending: one run of the sorted hand.
    pub(super) fn of_kind(&self, kind: u8) -> &[u8] {
        let held = self.held(kind);
        if held == 0 {
            return &[];
        }
        let first = self.hand.partition_point(|&t| kind_of_id(t) < kind);
        &self.hand[first..first + held]
    }

    /// Concealed tiles of `kind`.
    pub(super) fn held(&self, kind: u8) -> usize {
        usize::from(self.shape.counts()[usize::from(kind)])
    }

    /// The wait kinds of the 3n+1 concealed part. A kind the player holds four of in the
    /// concealed hand outside a kan never counts; one whose fourth copy is in the player's own
    /// kan does (R13.1, karaten).
    pub fn waits(&self) -> &[u8] {
        &self.waits
    }

    /// Whether the hand is tenpai (R13.1).
    pub fn tenpai(&self) -> bool {
        !self.waits.is_empty()
    }

    /// Recomputes the waits after the concealed tiles changed: only a hand whose shanten is 0
    /// has any, so the 34 win checks run only then. The shanten of a 3n+1 hand, computed for
    /// that, becomes the floor the next draws start from.
    pub(super) fn refresh_waits(&mut self) {
        self.freshen();
        let shanten =
            (self.shape.len() % 3 == 1).then(|| self.shape.shanten(Form::All).unwrap_or(i8::MAX));
        self.waits = match shanten {
            Some(0) => efficiency::waits_of(&self.shape),
            _ => Vec::new(),
        };
        debug_assert_eq!(self.waits, Self::waits_of(&self.shape));
        self.waits_current = true;
        if let Some(shanten) = shanten {
            self.floor = shanten;
        }
    }

    /// The concealed tiles' shanten in every form where it is 0 or less; where it is more, a
    /// number from 1 up to it: the draw's when the hand is as the draw left it (see
    /// [`Drawn`]), else computed.
    pub(super) fn shanten_near(&self) -> i8 {
        self.drawn.map_or_else(
            || self.shape().shanten(Form::All).unwrap_or(i8::MAX),
            |d| d.shanten,
        )
    }

    /// The waits of a hand part: none unless it has 3n+1 tiles and shanten 0.
    pub(super) fn waits_of(part: &Parts) -> Vec<u8> {
        if Self::may_wait(part) {
            efficiency::waits_of(part)
        } else {
            Vec::new()
        }
    }

    /// Whether a hand part is tenpai: it has waits (see [`Self::waits_of`]).
    pub(super) fn tenpai_of(part: &Parts) -> bool {
        Self::may_wait(part) && efficiency::has_wait(part)
    }

    /// Whether a hand part can have waits: 3n+1 tiles and shanten 0.
    fn may_wait(part: &Parts) -> bool {
        part.len() % 3 == 1 && part.shanten(Form::All) == Ok(0)
    }

    /// Why the player may not ron now, the most lasting kind first; `None` when it may.
    pub fn furiten(&self) -> Option<Furiten> {
        let discarded = self
            .pond
            .iter()
            .any(|p| self.waits.contains(&kind_of_id(p.tile)));
        if discarded {
            Some(Furiten::Discard)
        } else if self.passed.riichi {
            Some(Furiten::Riichi)
        } else if self.passed.temporary {
            Some(Furiten::Temporary)
        } else {
            None
        }
    }

    /// The player let a winning tile go by (R11.3; in riichi also R11.4).
    pub(super) fn pass_wait(&mut self) {
        self.passed.temporary = true;
        self.passed.riichi |= self.riichi;
    }

    /// Temporary furiten ends: the player's own draw, discard or call (R11.3), or any call
    /// under `temp_furiten_end = any_call_too`.
    pub(super) fn end_temporary_furiten(&mut self) {
        self.passed.temporary = false;
    }

    /// Removes concealed tile `tile`.
    pub(super) fn take(&mut self, tile: u8) -> Result<()> {
        let at = self
            .hand
            .iter()
            .position(|&t| t == tile)
            .ok_or_else(|| Error::argument(format!("tile id {tile} is not in the hand")))?;
        self.changed();
        self.hand.remove(at);
        self.move_tile(kind_of_id(tile), false);
        Ok(())
    }

    /// Discards concealed tile `tile` and brings the waits up to date without the win checks
    /// where the draw tells them: a discard of the drawn kind leaves the hand before the draw
    /// (its waits stand), and no discard from a hand the draw left at shanten 1 or more leaves
    /// it waiting.
    pub(super) fn discard(&mut self, tile: u8) -> Result<()> {
        let (drawn, floor) = (self.drawn, self.floor);
        self.take(tile)?;
        // A tile less never brings the hand nearer.
        self.floor = floor;
        match drawn {
            Some(d) if d.waits_held && d.kind == kind_of_id(tile) => self.waits_current = true,
            Some(d) if d.shanten >= 1 => {
                self.waits.clear();
                self.waits_current = true;
            }
            _ => self.refresh_waits(),
        }
        debug_assert_eq!(self.waits, Self::waits_of(&self.shape()));
        Ok(())
    }

    /// Adds a drawn tile and keeps what the draw left ([`Self::shanten_near`], [`Self::discard`]).
    pub(super) fn draw(&mut self, tile: u8) {
        let (waits_held, floor) = (self.waits_current, self.floor);
        self.changed();
        let at = self.hand.partition_point(|&t| t < tile);
        self.hand.insert(at, tile);
        self.move_tile(kind_of_id(tile), true);
        // A tile more brings the hand at most one nearer.
        let floor = floor.saturating_sub(1);
        let shanten = if floor >= 1 {
            floor
        } else {
            self.freshen();
            self.shape.shanten(Form::All).unwrap_or(i8::MAX)
        };
        debug_assert!(shanten <= 0 || self.shape().shanten(Form::All).is_ok_and(|s| s >= shanten));
        self.floor = shanten;
        self.drawn = Some(Drawn {
            kind: kind_of_id(tile),
            shanten,
            waits_held,
        });
    }

    /// The concealed tiles change: the waits, what the last draw left and the shanten's
    /// lower bound no longer hold.
    fn changed(&mut self) {
        self.waits_current = false;
        self.drawn = None;
        self.floor = NO_FLOOR;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The shanten of `p`'s concealed tiles, computed afresh.
    fn exact(p: &PlayerState) -> i8 {
        Parts::new(&p.counts())
            .shanten(Form::All)
            .unwrap_or(i8::MAX)
    }

    #[test]
    fn kita_keeps_at_most_four_norths_in_order() {
        let mut kita = Kita::default();
        for (i, tile) in [120, 123, 121, 122].into_iter().enumerate() {
            kita.push(tile, (i * 3, i / 2)).unwrap();
        }
        assert_eq!(kita.tiles(), [120, 123, 121, 122]);
        let after: Vec<_> = kita.iter().map(|(_, at)| at).collect();
        assert_eq!(after, [(0, 0), (3, 0), (6, 1), (9, 1)]);
        let full = kita;
        let err = kita.push(120, (10, 1)).unwrap_err();
        assert!(err.to_string().contains("at most 4 Norths"), "{err}");
        assert_eq!(kita, full, "a refused kita changes nothing");
        assert!(Kita::default().push(120, (256, 0)).is_err());
    }

    #[test]
    fn draws_and_discards_keep_the_shanten_the_waits_and_the_costs_of_a_fresh_hand() {
        let mut rng = Rng::new(7);
        let (mut skipped, mut draws) = (0, 0);
        for _ in 0..300 {
            let mut wall: Vec<u8> = (0..136).collect();
            rng.shuffle(&mut wall);
            let mut p = PlayerState::default();
            p.set_hand(wall.drain(..13).collect());
            p.refresh_waits();
            for tile in wall.into_iter().take(60) {
                p.draw(tile);
                draws += 1;
                let (near, shanten) = (p.shanten_near(), exact(&p));
                skipped += usize::from(near != shanten);
                // Exact near tenpai; elsewhere a number from 1 up to the shanten.
                assert!(
                    near == shanten || (1..=shanten).contains(&near),
                    "{near} {shanten}"
                );
                assert_eq!(p.shape(), Parts::new(&p.counts()));
                let out = p.hand[rng.below(p.hand.len() as u64) as usize];
                p.discard(out).unwrap();
                assert_eq!(p.waits(), PlayerState::waits_of(&Parts::new(&p.counts())));
                assert_eq!(p.shape(), Parts::new(&p.counts()));
            }
        }
        // Most draws of a random hand are far from tenpai: their shanten was not computed.
        assert!(skipped > draws / 3, "{skipped} of {draws}");
    }
}
