//! What happens in an American game, in the order it happens (an mjai-like vocabulary
//! adapted to American play). Seats are player indices 0..=3 for the whole session; tiles are
//! physical ids 0..=151 ([`crate::american::physical_kind`]).

use crate::american::payment::{Jokerless, Win};

/// A step of the Charleston (spec §1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// First Charleston, to the right.
    FirstRight,
    /// First Charleston, across.
    FirstAcross,
    /// First Charleston, to the left (blind pass allowed).
    FirstLeft,
    /// Second Charleston, to the left.
    SecondLeft,
    /// Second Charleston, across.
    SecondAcross,
    /// Second Charleston, to the right (blind pass allowed).
    SecondRight,
    /// The courtesy pass across (0-3 tiles, agreed per pair).
    Courtesy,
}

impl Step {
    /// Every step in the order of play.
    pub const ALL: [Self; 7] = [
        Self::FirstRight,
        Self::FirstAcross,
        Self::FirstLeft,
        Self::SecondLeft,
        Self::SecondAcross,
        Self::SecondRight,
        Self::Courtesy,
    ];

    /// The name used in logs.
    pub fn name(self) -> &'static str {
        match self {
            Self::FirstRight => "first_right",
            Self::FirstAcross => "first_across",
            Self::FirstLeft => "first_left",
            Self::SecondLeft => "second_left",
            Self::SecondAcross => "second_across",
            Self::SecondRight => "second_right",
            Self::Courtesy => "courtesy",
        }
    }

    /// How many seats to the right the tiles go (1 right, 2 across, 3 left).
    pub fn offset(self) -> usize {
        match self {
            Self::FirstRight | Self::SecondRight => 1,
            Self::FirstAcross | Self::SecondAcross | Self::Courtesy => 2,
            Self::FirstLeft | Self::SecondLeft => 3,
        }
    }

    /// Whether a blind pass is allowed (spec §1.3.2: first left and last right only).
    pub fn blind_allowed(self) -> bool {
        matches!(self, Self::FirstLeft | Self::SecondRight)
    }
}

/// Why a hand is dead (spec §1.9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeadReason {
    /// a. Wrong number of tiles. The engine rejects every action that would cause it, so it
    /// is never produced (kept for logs of human play).
    WrongTileCount,
    /// b. Mah Jongg declared in error. Rejected by the engine (spec §1.12), never produced.
    MahJonggInError,
    /// c. An incorrect exposure. Rejected by the engine, never produced.
    IncorrectExposure,
    /// d. The exposures match no hand on the card (or a concealed hand was exposed).
    ExposuresMatchNoHand,
    /// e. No card hand can still be completed from what is in sight (rule 1.9.1e).
    CannotComplete,
    /// Challenge mode: a player called a live hand dead and is dead instead.
    WrongChallenge,
}

impl DeadReason {
    /// Every reason, in the order of the spec's list.
    pub const ALL: [Self; 6] = [
        Self::WrongTileCount,
        Self::MahJonggInError,
        Self::IncorrectExposure,
        Self::ExposuresMatchNoHand,
        Self::CannotComplete,
        Self::WrongChallenge,
    ];

    /// The name used in logs.
    pub fn name(self) -> &'static str {
        match self {
            Self::WrongTileCount => "wrong_tile_count",
            Self::MahJonggInError => "mahjongg_in_error",
            Self::IncorrectExposure => "incorrect_exposure",
            Self::ExposuresMatchNoHand => "exposures_match_no_hand",
            Self::CannotComplete => "cannot_complete",
            Self::WrongChallenge => "wrong_challenge",
        }
    }

    /// The reason in words ("its exposures match no hand on the card"): its entry in
    /// [`DEAD`].
    pub fn words(self) -> &'static str {
        let key = self.key();
        DEAD.iter().find(|e| e.key == key).map_or("", |e| e.text)
    }

    /// Its catalogue key: `dead.` and its name.
    pub fn key(self) -> String {
        format!("dead.{}", self.name())
    }
}

crate::catalogue_part! {
    /// Why a hand is dead, in words (keys `dead.*`, by [`DeadReason::name`]).
    DEAD: [
        "dead.wrong_tile_count" () => "a wrong number of tiles",
        "dead.mahjongg_in_error" () => "a Mah Jongg declared in error",
        "dead.incorrect_exposure" () => "an incorrect exposure",
        "dead.exposures_match_no_hand" () => "its exposures match no hand on the card",
        "dead.cannot_complete" () => "no card hand can still be completed",
        "dead.wrong_challenge" () => "a wrong challenge",
    ]
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A player declared Mah Jongg.
    MahJongg,
    /// The wall is used up (a wall game).
    WallEmpty,
    /// Only one live hand is left, the others dead (spec §1.9.3: a wall game).
    OneLiveHand,
}

impl Ending {
    /// Its name: `mahjongg`, `wall_empty`, `one_live_hand`.
    pub fn name(self) -> &'static str {
        match self {
            Self::MahJongg => "mahjongg",
            Self::WallEmpty => "wall_empty",
            Self::OneLiveHand => "one_live_hand",
        }
    }
}

crate::catalogue_part! {
    /// How a game ended, in words (keys `ended.*`, by [`Ending::name`]).
    ENDINGS: [
        "ended.mahjongg" () => "Mah Jongg",
        "ended.wall_empty" () => "the wall is used up: a wall game",
        "ended.one_live_hand" () => "only one live hand is left: a wall game",
    ]
}

/// A Mah Jongg and what it paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinRecord {
    /// The winner.
    pub seat: usize,
    /// Who discarded the winning tile (`None` unless won on a discard).
    pub from: Option<usize>,
    /// The discard claimed for the win (`None` unless won on a discard).
    pub tile: Option<u8>,
    /// How it was won (a joker exchange pays as self-drawn, spec §1.6.6).
    pub win: Win,
    /// Index of the card hand paid (the highest-valued one the tiles make).
    pub hand: usize,
    /// Index of the card variant the tiles form.
    pub variant: usize,
    /// The card hand's value V.
    pub value: u16,
    /// No joker among the 14 tiles.
    pub jokerless: bool,
    /// The jokerless bonus was paid (jokerless and not Singles and Pairs, spec §1.8.3).
    pub jokerless_bonus: bool,
    /// For a jokerless hand, whether it was paid double and why not (not logged).
    pub jokerless_why: Option<Jokerless>,
    /// The winning hand as the card hand arranges it (not logged): see
    /// [`crate::american::Card::arrangement`].
    pub groups: Vec<Vec<(u8, bool)>>,
    /// The discarder paid for the table (spec §1.8.9).
    pub pay_for_table: bool,
    /// Score changes by seat (they sum to zero).
    pub deltas: [i64; 4],
    /// Running scores by seat after the payments.
    pub scores: [i64; 4],
}

/// One event of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The game starts: East's seat, East's dice for the break (`None` for a wall given in
    /// draw order), the running scores and each seat's dealt tiles.
    StartGame {
        /// East's seat.
        dealer: usize,
        /// The dice that broke the wall.
        dice: Option<[u8; 2]>,
        /// Scores by seat before the game.
        scores: [i64; 4],
        /// Dealt tiles by seat (East 14, the others 13).
        hands: [Vec<u8>; 4],
    },
    /// One Charleston or courtesy pass, resolved for all four seats at once.
    Charleston {
        /// Which pass.
        step: Step,
        /// The seat's own tiles put into its pass, by seat.
        given: [Vec<u8>; 4],
        /// Tiles of the pass made up blind, by seat.
        blind: [u8; 4],
        /// The tiles each seat received and kept, by seat (blind-forwarded tiles excluded).
        received: [Vec<u8>; 4],
    },
    /// The vote on the second Charleston (spec §1.3.4).
    CharlestonVote {
        /// Each seat's vote (`true` = go on).
        votes: [bool; 4],
        /// Whether the second Charleston happens.
        second: bool,
    },
    /// The courtesy offers and the counts agreed across (spec §1.3.5).
    CourtesyOffers {
        /// Each seat's offer.
        offers: [u8; 4],
        /// The count each seat passes (the smaller offer of the pair).
        agreed: [u8; 4],
    },
    /// A draw from the wall.
    Draw {
        /// Who drew.
        seat: usize,
        /// The tile.
        tile: u8,
    },
    /// A discard.
    Discard {
        /// Who discarded.
        seat: usize,
        /// The tile.
        tile: u8,
    },
    /// A discard claimed for an exposure (spec §1.5.2).
    Expose {
        /// Who claimed.
        seat: usize,
        /// Who discarded.
        from: usize,
        /// The claimed discard.
        tile: u8,
        /// The claimant's tiles put with it (naturals and jokers).
        consumed: Vec<u8>,
        /// The exposure's size.
        size: u8,
        /// Jokers in it.
        jokers: u8,
    },
    /// A joker redeemed from an exposure (spec §1.6.4).
    JokerExchange {
        /// Who exchanged.
        seat: usize,
        /// Whose exposure.
        owner: usize,
        /// Index of the exposure among the owner's.
        exposure: usize,
        /// The natural given.
        natural: u8,
        /// The joker taken.
        joker: u8,
    },
    /// A hand became dead (spec §1.9).
    DeadHand {
        /// Whose hand.
        seat: usize,
        /// Why.
        reason: DeadReason,
        /// Who called it dead (challenge mode); `None` when the engine marked it.
        by: Option<usize>,
    },
    /// Mah Jongg.
    MahJongg(WinRecord),
    /// The wall ran out (or one live player was left) without a win: nobody pays.
    WallGame,
    /// The game is over.
    EndGame {
        /// Score changes of the game by seat.
        deltas: [i64; 4],
        /// Running scores by seat after the game.
        scores: [i64; 4],
    },
    /// A session starts (written by [`super::Game`]): the players' names, the seed, the
    /// card's id, the number of games and every rule option.
    StartSession {
        /// The players' names by seat.
        names: [String; 4],
        /// The seed every wall and random choice of the session comes from.
        seed: u64,
        /// The card's id.
        card: String,
        /// Games in the session.
        games: usize,
        /// Every option of the rules with its value, in table order.
        rules: Vec<(&'static str, crate::options::Value)>,
    },
    /// The session is over (written by [`super::Game`]): the final scores.
    EndSession {
        /// Scores by seat.
        scores: [i64; 4],
    },
}

impl Event {
    /// The event's type as named in logs.
    pub fn name(&self) -> &'static str {
        match self {
            Self::StartGame { .. } => "start_game",
            Self::Charleston { .. } => "charleston",
            Self::CharlestonVote { .. } => "charleston_vote",
            Self::CourtesyOffers { .. } => "courtesy_offers",
            Self::Draw { .. } => "draw",
            Self::Discard { .. } => "discard",
            Self::Expose { .. } => "expose",
            Self::JokerExchange { .. } => "joker_exchange",
            Self::DeadHand { .. } => "dead_hand",
            Self::MahJongg(_) => "mahjongg",
            Self::WallGame => "wall_game",
            Self::EndGame { .. } => "end_game",
            Self::StartSession { .. } => "start_session",
            Self::EndSession { .. } => "end_session",
        }
    }
}
