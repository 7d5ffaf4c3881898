//! `Distance`, `DiscardOption` and `Match`: what a rack makes of the card.

use mahjong_core::american::{
    Card, DiscardOption, HandDistance, Match, Payment, Rack, Win, kind_name, tile_name,
};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::card::PyCard;
use super::hands::{PyVariant, VariantState, xc};
use crate::errors::IntoPyResult;

/// Tiles away from one card hand.
#[pyclass(
    name = "Distance",
    module = "mahjong.american",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyDistance {
    /// Id of the card hand.
    #[pyo3(get)]
    hand_id: String,
    /// Tiles still to be acquired (0 = Mah Jongg with 14 tiles).
    #[pyo3(get)]
    distance: u8,
    /// Value of the card hand.
    #[pyo3(get)]
    value: u16,
    /// Whether the card hand is concealed (C).
    #[pyo3(get)]
    concealed: bool,
}

impl PyDistance {
    pub(super) fn new(card: &Card, d: &HandDistance) -> Self {
        let hand = &card.hands[d.hand];
        Self {
            hand_id: hand.id.clone(),
            distance: d.distance,
            value: hand.value,
            concealed: hand.concealed,
        }
    }
}

#[pymethods]
impl PyDistance {
    /// `"X"` (exposures allowed) or `"C"` (concealed).
    #[getter]
    fn xc(&self) -> &'static str {
        xc(self.concealed)
    }

    fn __repr__(&self) -> String {
        format!(
            "Distance('{}', distance={}, value={}, xc='{}')",
            self.hand_id,
            self.distance,
            self.value,
            self.xc()
        )
    }
}

/// What discarding one tile keeps: the nearest card hands after it, best first.
#[pyclass(
    name = "DiscardOption",
    module = "mahjong.american",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PyDiscardOption {
    pub(super) card: Py<PyCard>,
    pub(super) option: DiscardOption,
}

#[pymethods]
impl PyDiscardOption {
    /// The kind discarded (35 = a joker).
    #[getter]
    fn tile(&self) -> u8 {
        self.option.tile
    }

    /// Tiles away from the nearest hand kept, or None if no hand is left.
    #[getter]
    fn distance(&self) -> Option<u8> {
        self.option.distance
    }

    /// The best hands kept (at most `top`), best first.
    #[getter]
    fn hands(&self) -> Vec<PyDistance> {
        let card = &self.card.get().card;
        self.option
            .hands
            .iter()
            .map(|h| PyDistance::new(card, h))
            .collect()
    }

    fn __repr__(&self) -> String {
        let card = &self.card.get().card;
        let hands: Vec<String> = self
            .option
            .hands
            .iter()
            .map(|h| format!("{}:{}", card.hands[h.hand].id, h.distance))
            .collect();
        format!(
            "DiscardOption('{}', distance={}, hands=[{}])",
            tile_name(self.option.tile),
            self.option
                .distance
                .map_or("None".to_owned(), |d| d.to_string()),
            hands.join(" ")
        )
    }
}

/// A completed card hand: the highest-valued one the 14 tiles make.
#[pyclass(
    name = "Match",
    module = "mahjong.american",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyMatch {
    /// Id of the card hand.
    #[pyo3(get)]
    hand_id: String,
    /// Key of its section.
    #[pyo3(get)]
    section: String,
    /// Value in points.
    #[pyo3(get)]
    value: u16,
    /// Whether the card hand is concealed (C).
    #[pyo3(get)]
    concealed: bool,
    /// Whether none of the 14 tiles (concealed or exposed) is a joker.
    #[pyo3(get)]
    jokerless: bool,
    /// Whether the jokerless bonus doubles the payments.
    #[pyo3(get)]
    jokerless_bonus: bool,
    /// The arrangement the tiles form.
    #[pyo3(get)]
    variant: PyVariant,
    /// The tiles group by group as the variant arranges them: each kind and whether a joker
    /// stands for it (`Card::arrangement`).
    arranged: Vec<Vec<(u8, bool)>>,
}

/// What a `Match` pickles to: its fields, the variant's as a tuple.
pub(crate) type MatchState = (
    String,
    String,
    u16,
    bool,
    bool,
    bool,
    VariantState,
    Vec<Vec<(u8, bool)>>,
);

impl PyMatch {
    pub(super) fn new(card: &Card, won: Match, rack: &Rack) -> Self {
        let hand = &card.hands[won.hand];
        Self {
            arranged: card.arrangement(rack, &won),
            hand_id: hand.id.clone(),
            section: card.section_of(won.hand).key.clone(),
            value: hand.value,
            concealed: hand.concealed,
            jokerless: won.jokerless,
            jokerless_bonus: card.pays_jokerless_bonus(&won),
            variant: PyVariant::new(card, &card.variants[won.variant]),
        }
    }
}

#[pymethods]
impl PyMatch {
    /// Points paid to the winner as `(discarder, each other player)`: `win` is `"discard"`
    /// (discarder 2V, others V), `"self_drawn"` (everyone 2V; discarder None) or
    /// `"joker_exchange"` (paid as self-drawn). Doubled when `jokerless_bonus`. A jokerless
    /// match cannot have been won by a joker exchange: that raises InvalidArgumentError.
    #[pyo3(signature = (win = "discard"))]
    fn payment(&self, win: &str) -> PyResult<(Option<u32>, u32)> {
        let win = Win::parse(win).py()?;
        let paid = Payment::new(self.value, self.jokerless, self.jokerless_bonus, win).py()?;
        Ok((paid.discarder, paid.each_other))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = slf
            .py()
            .import("mahjong._core")?
            .getattr("_american_match")?;
        let args = PyTuple::new(slf.py(), [slf.get().state()])?;
        Ok((restore, args))
    }

    /// `"X"` (exposures allowed) or `"C"` (concealed).
    #[getter]
    fn xc(&self) -> &'static str {
        xc(self.concealed)
    }

    /// The 14 tiles group by group as the card hand arranges them (sets of three or more,
    /// and runs of single tiles of one suit or of the honours), each a pair of its name and,
    /// for a joker, the tile it stands for (else None): `[[("R", None), ("J", "R"), ...]]`.
    #[getter]
    fn groups(&self) -> Spelled {
        spelled(&self.arranged)
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!(
            "Match('{}', value={}, xc='{}', jokerless={}, tiles='{}')",
            self.hand_id,
            self.value,
            self.xc(),
            if self.jokerless { "True" } else { "False" },
            self.variant.text
        )
    }
}

impl PyMatch {
    fn state(&self) -> MatchState {
        (
            self.hand_id.clone(),
            self.section.clone(),
            self.value,
            self.concealed,
            self.jokerless,
            self.jokerless_bonus,
            self.variant.state(),
            self.arranged.clone(),
        )
    }
}

/// Groups of `(kind, joker)` (`Card::arrangement`) spelled as `(name, stand-in)`: a natural
/// tile as its name and None, a joker as `"J"` and the name of the tile it stands for.
pub(crate) type Spelled = Vec<Vec<(&'static str, Option<&'static str>)>>;

/// Spells `groups` (see [`Spelled`]).
pub(crate) fn spelled(groups: &[Vec<(u8, bool)>]) -> Spelled {
    groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|&(k, joker)| {
                    let name = kind_name(k);
                    if joker {
                        ("J", Some(name))
                    } else {
                        (name, None)
                    }
                })
                .collect()
        })
        .collect()
}

/// Rebuilds a pickled `Match` (see `Match.__reduce__`).
#[pyfunction]
pub(crate) fn _american_match(state: MatchState) -> PyMatch {
    let (hand_id, section, value, concealed, jokerless, jokerless_bonus, variant, arranged) = state;
    PyMatch {
        arranged,
        hand_id,
        section,
        value,
        concealed,
        jokerless,
        jokerless_bonus,
        variant: PyVariant::from_state(variant),
    }
}
