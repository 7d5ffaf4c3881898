//! `Variant` and `CardHand`: the card as printed and as compiled.

use mahjong_core::american::{Card, Variant};
use pyo3::prelude::*;

use crate::convert::ints;

/// One concrete arrangement of a card hand.
#[pyclass(
    name = "Variant",
    module = "mahjong.american",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyVariant {
    /// Id of the card hand.
    #[pyo3(get)]
    hand_id: String,
    /// Joker-eligible sets as `(kind, size)`, sorted.
    #[pyo3(get)]
    sets: Vec<(u8, u8)>,
    /// Tiles that must be naturals (singles, pairs, runs of singles) as `(kind, count)`.
    #[pyo3(get)]
    strict: Vec<(u8, u8)>,
    /// Tiles per kind (36 entries; a quint counts 5 even though 4 naturals exist).
    #[pyo3(get)]
    counts: Vec<u32>,
    /// American text: sets written together (`666D`), natural-only tiles one by one.
    #[pyo3(get)]
    pub(super) text: String,
}

/// What a `Variant` pickles to: hand id, sets, strict tiles, counts, text.
pub(crate) type VariantState = (String, Vec<(u8, u8)>, Vec<(u8, u8)>, Vec<u32>, String);

impl PyVariant {
    pub(super) fn new(card: &Card, variant: &Variant) -> Self {
        Self {
            hand_id: card.hands[variant.hand].id.clone(),
            sets: variant.arrangement.sets.clone(),
            strict: variant.arrangement.strict.clone(),
            counts: ints(variant.total),
            text: variant.text(),
        }
    }

    pub(super) fn state(&self) -> VariantState {
        (
            self.hand_id.clone(),
            self.sets.clone(),
            self.strict.clone(),
            self.counts.clone(),
            self.text.clone(),
        )
    }

    pub(super) fn from_state(state: VariantState) -> Self {
        let (hand_id, sets, strict, counts, text) = state;
        Self {
            hand_id,
            sets,
            strict,
            counts,
            text,
        }
    }
}

#[pymethods]
impl PyVariant {
    fn __repr__(&self) -> String {
        format!("Variant('{}', '{}')", self.hand_id, self.text)
    }
}

/// One hand of the card as printed.
#[pyclass(
    name = "CardHand",
    module = "mahjong.american",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PyCardHand {
    /// Stable id, e.g. `"evens-3"`.
    #[pyo3(get)]
    pub(super) id: String,
    /// Key of its section.
    #[pyo3(get)]
    pub(super) section: String,
    /// The printed pattern(s); several are alternatives.
    #[pyo3(get)]
    pub(super) patterns: Vec<String>,
    /// Value in points.
    #[pyo3(get)]
    pub(super) value: u16,
    /// Whether the hand is concealed (C).
    #[pyo3(get)]
    pub(super) concealed: bool,
    /// The printed note ("" if none).
    #[pyo3(get)]
    pub(super) note: String,
    /// Number of concrete variants.
    #[pyo3(get)]
    pub(super) variant_count: usize,
    /// Its first pattern spelled in tiles, group by group in printed order: each a tuple of
    /// its tiles (American names, one concrete arrangement) and its suit slot ("a", "b",
    /// "c": the same letter one suit, other letters other suits; "any": a suit chosen
    /// freely; None: no suit, or a fixed one).
    #[pyo3(get)]
    pub(super) example: Vec<(Vec<&'static str>, Option<&'static str>)>,
}

/// `"C"` for a concealed card hand, `"X"` for one that allows exposures.
pub(super) fn xc(concealed: bool) -> &'static str {
    if concealed { "C" } else { "X" }
}

#[pymethods]
impl PyCardHand {
    /// `"X"` (exposures allowed) or `"C"` (concealed).
    #[getter]
    fn xc(&self) -> &'static str {
        xc(self.concealed)
    }

    fn __repr__(&self) -> String {
        format!(
            "CardHand('{}', '{}', value={}, xc='{}')",
            self.id,
            self.patterns.join(" | "),
            self.value,
            self.xc()
        )
    }
}
