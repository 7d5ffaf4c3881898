//! `Card`: a compiled card and its queries.

use std::sync::Arc;

use mahjong_core::american::{Card, kind_name};
use pyo3::prelude::*;

use super::args::{count_arg, exposures_arg, public_sight_arg, rack_arg, sight_arg};
use super::batch;
use super::hands::{PyCardHand, PyVariant};
use super::load::{CardSource, card_text};
use super::results::{PyDiscardOption, PyDistance, PyMatch};
use crate::convert::{ints, tiles_arg};
use crate::errors::IntoPyResult;

/// A compiled American card.
///
/// Load one with `Card.from_toml(path_or_text)` or `Card.builtin("house-2026")`. Loading
/// validates every rule of the card format and compiles each hand into its concrete variants
/// once; every query then scans the variants in Rust. Hands are the concealed tiles (jokers
/// included) as `Tiles` or a string; exposures are given apart, and concealed plus exposed
/// tiles make 14 (13 for `waits`, 13 or 14 for `distances`).
#[pyclass(
    name = "Card",
    module = "mahjong.american",
    frozen,
    skip_from_py_object
)]
pub(crate) struct PyCard {
    pub(crate) card: Arc<Card>,
}

#[pymethods]
impl PyCard {
    /// Loads a card from a TOML file path (str or os.PathLike) or from TOML text. An existing
    /// file is always read as a path; any other str with a newline or `=` is the text itself,
    /// and the rest are paths (FileNotFoundError "no card file ..." if missing). Only a
    /// regular file of at most 4 MiB (`MAX_CARD_BYTES`) of UTF-8 text is read; a card has at
    /// most 100 sections and 60 hands. Raises CardFormatError naming each broken rule and hand
    /// (one per line), and for text that is not UTF-8 or not valid Unicode.
    #[staticmethod]
    fn from_toml(source: &Bound<'_, PyAny>) -> PyResult<Self> {
        let card = match card_text(source)? {
            // One line is no card file, but it may be a mistyped path: say how it was read.
            CardSource::Text(text) if !text.contains('\n') => Card::from_toml(&text)
                .map_err(|e| e.context(format!("{text:?} is no file, so it was read as TOML"))),
            CardSource::File(path, text) => Card::from_toml(&text)
                .map_err(|e| e.context(format!("card file {}", path.display()))),
            CardSource::Text(text) => Card::from_toml(&text),
        };
        Ok(Self {
            card: Arc::new(card.py()?),
        })
    }

    /// A card shipped with the package, by name (see `builtin_names`).
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<Self> {
        Ok(Self {
            card: Arc::new(Card::builtin(name).py()?),
        })
    }

    /// A card by name or path: a built-in card's name (see `builtin_names`), else a card TOML
    /// file (str or os.PathLike, read as by `from_toml`). A str that is no built-in name, no
    /// existing file and does not look like a path (no separator, no `.toml`) is taken for a
    /// mistyped name: InvalidArgumentError lists the built-in cards.
    #[staticmethod]
    fn load(name_or_path: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(name) = name_or_path.extract::<String>() {
            if name.contains('\n') {
                return Err(mahjong_core::Error::argument(
                    "Card.load takes a card name or a file path; read TOML text with Card.from_toml",
                ))
                .py();
            }
            let builtin = Card::builtin_names().contains(&name.as_str());
            let is_file = std::path::Path::new(&name).is_file();
            let path_like = name.contains('/')
                || name.contains(std::path::MAIN_SEPARATOR)
                || name.ends_with(".toml");
            if builtin || !(is_file || path_like) {
                return Self::builtin(&name);
            }
        }
        Self::from_toml(name_or_path)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> crate::convert::Reduced<'py, (String,)> {
        crate::convert::reduce_to(py, "_card_from_source", (self.card.source().to_owned(),))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Names of the cards shipped with the package.
    #[staticmethod]
    fn builtin_names() -> Vec<&'static str> {
        Card::builtin_names()
    }

    /// Card id.
    #[getter]
    fn id(&self) -> &str {
        &self.card.id
    }

    /// Printed name.
    #[getter]
    fn name(&self) -> &str {
        &self.card.name
    }

    /// Year, if the card gives one.
    #[getter]
    fn year(&self) -> Option<i64> {
        self.card.year
    }

    /// Free description.
    #[getter]
    fn description(&self) -> &str {
        &self.card.description
    }

    /// Sections as `(key, name, no_jokerless_bonus)`, in card order.
    #[getter]
    fn sections(&self) -> Vec<(String, String, bool)> {
        self.card
            .sections
            .iter()
            .map(|s| (s.key.clone(), s.name.clone(), s.no_jokerless_bonus))
            .collect()
    }

    /// The hands, in card order.
    #[getter]
    fn hands(&self) -> Vec<PyCardHand> {
        (0..self.card.hands.len())
            .map(|i| self.card_hand(i))
            .collect()
    }

    /// Number of concrete variants over all hands.
    #[getter]
    fn variant_count(&self) -> usize {
        self.card.variants.len()
    }

    /// Warnings of the card check (allowed, but probably unintended).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.card.warnings.clone()
    }

    /// The hand with this id.
    fn hand(&self, hand_id: &str) -> PyResult<PyCardHand> {
        Ok(self.card_hand(self.card.hand_index(hand_id).py()?))
    }

    /// The concrete variants of a hand.
    fn variants(&self, hand_id: &str) -> PyResult<Vec<PyVariant>> {
        let hand = &self.card.hands[self.card.hand_index(hand_id).py()?];
        Ok(self.card.variants[hand.variants.clone()]
            .iter()
            .map(|v| PyVariant::new(&self.card, v))
            .collect())
    }

    /// The highest-valued card hand that the concealed tiles and the exposures (14 tiles in
    /// all) complete, or None. Each exposure must match a card set of the same tile and size;
    /// concealed (C) hands take no exposure; jokers count only in sets of 3 or more.
    #[pyo3(
        name = "match",
        signature = (hand, exposures = None),
        text_signature = "($self, hand, exposures=())"
    )]
    fn match_(
        &self,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<PyMatch>> {
        let rack = rack_arg(hand, exposures)?;
        let won = self.card.match_rack(&rack).py()?;
        Ok(won.map(|m| PyMatch::new(&self.card, m, &rack)))
    }

    /// Tiles away from each card hand still possible with the exposures, best first (ties:
    /// higher value, then card order); `top` keeps only the first ones.
    #[pyo3(
        signature = (hand, exposures = None, top = None),
        text_signature = "($self, hand, exposures=(), top=None)"
    )]
    fn distances(
        &self,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
        top: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyDistance>> {
        let top = count_arg(top, "top", usize::MAX)?;
        let found = self.card.distances(&rack_arg(hand, exposures)?).py()?;
        Ok(found
            .iter()
            .take(top)
            .map(|d| PyDistance::new(&self.card, d))
            .collect())
    }

    /// For each distinct tile of a 14-tile hand, the best card hands the other tiles keep
    /// (`top` per discard), best discard first. Given what the player sees of the others —
    /// `visible` (every discard, and other players' exposures as plain tiles) and/or `others`
    /// (the other players' exposures as `Exposure` objects or strings such as `"N N N J"`) —
    /// hands that can no longer be completed from unseen tiles are left out (spec §4.6).
    /// Exposed jokers the player can redeem (rule 1.6.4) count as jokers to come: by default
    /// (`redeemable=None`) every joker in the player's own `exposures` or in `others` standing
    /// for a kind whose natural the player holds or may still draw, one per such natural. An
    /// int `redeemable` gives that number outright (at most the jokers exposed or in
    /// `visible`); without `visible` and `others` there is no liveness filter.
    #[pyo3(
        signature = (hand, exposures = None, visible = None, top = None, redeemable = None, others = None),
        text_signature = "($self, hand, exposures=(), visible=None, top=3, redeemable=None, others=())"
    )]
    #[allow(clippy::too_many_arguments)]
    fn discard_options(
        slf: &Bound<'_, Self>,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
        top: Option<&Bound<'_, PyAny>>,
        redeemable: Option<&Bound<'_, PyAny>>,
        others: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyDiscardOption>> {
        let top = count_arg(top, "top", 3)?;
        let rack = rack_arg(hand, exposures)?;
        let sight = sight_arg(visible, others, redeemable)?;
        let options = slf
            .get()
            .card
            .discard_options(&rack, sight.as_ref(), top)
            .py()?;
        Ok(options
            .into_iter()
            .map(|option| PyDiscardOption {
                card: slf.clone().unbind(),
                option,
            })
            .collect())
    }

    /// Whether a joker can still serve the hand (concealed `hand` plus `exposures`): some card
    /// hand it can complete from what it does not see has a joker-eligible slot (in a set of
    /// three or more) its tiles leave open. `visible` and `others` are what the player sees,
    /// as for `discard_options`; without them every card hand counts as live. The built-in
    /// players never discard a joker while this holds.
    #[pyo3(
        signature = (hand, exposures = None, visible = None, others = None),
        text_signature = "($self, hand, exposures=(), visible=None, others=())"
    )]
    fn joker_usable(
        &self,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
        others: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let rack = rack_arg(hand, exposures)?;
        let sight = sight_arg(visible, others, None)?;
        self.card.joker_usable(&rack, sight.as_ref()).py()
    }

    /// The kinds that complete a 13-tile hand (concealed plus exposed), ascending; 35 (a joker)
    /// is among them when a joker-eligible slot is the one left open. A joker only wins when
    /// drawn: a discarded joker is dead and can never be claimed (rule 1.5.7). To decide
    /// calls on a discard, pass `claimable=True`, which leaves the joker out.
    #[pyo3(
        signature = (hand, exposures = None, claimable = false),
        text_signature = "($self, hand, exposures=(), claimable=False)"
    )]
    fn waits(
        &self,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
        claimable: bool,
    ) -> PyResult<Vec<u32>> {
        let rack = rack_arg(hand, exposures)?;
        let waits = if claimable {
            self.card.claimable_waits(&rack)
        } else {
            self.card.waits(&rack)
        };
        Ok(ints(waits.py()?))
    }

    /// Ids of the card hands a player with these exposures can still complete from public
    /// information (the referee's test of rule 1.9.1e, spec §4.6): `visible` holds every
    /// discard (and any other player's exposure given as plain tiles), `others` the other
    /// players' exposures as `Exposure` objects or strings; the player's own exposures are
    /// counted from `exposures`. Jokers out of sight count, and so does every exposed joker
    /// (in `exposures` or `others`) standing for a kind whose natural is still unseen: the
    /// player may draw it and redeem the joker (rule 1.6.4). Jokers inside `visible` count as
    /// gone, since the kind they stand for is not known.
    #[pyo3(
        signature = (exposures = None, visible = None, others = None),
        text_signature = "($self, exposures=(), visible=None, others=())"
    )]
    fn live_hands(
        &self,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
        others: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let sight = public_sight_arg(visible, others)?;
        let live = self
            .card
            .live_hands(&exposures_arg(exposures)?, &sight)
            .py()?;
        Ok(live
            .iter()
            .map(|&h| self.card.hands[h].id.clone())
            .collect())
    }

    /// Whether no card hand can still be completed (see `live_hands`): the referee's
    /// dead-hand test from public information.
    #[pyo3(
        signature = (exposures = None, visible = None, others = None),
        text_signature = "($self, exposures=(), visible=None, others=())"
    )]
    fn is_dead(
        &self,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
        others: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let sight = public_sight_arg(visible, others)?;
        self.card.is_dead(&exposures_arg(exposures)?, &sight).py()
    }

    /// A suggested Charleston pass of `k` (0..3) kinds from 13 or 14 concealed tiles, never a
    /// joker: greedily the tiles whose loss costs least, valuing a hand as the sum over card
    /// hands of value x 4^-(tiles away). Fourteen tiles that already complete a card hand
    /// raise InvalidHandError: such a hand declares Mah Jongg before the Charleston (rule
    /// 1.2.6) instead of passing.
    #[pyo3(signature = (hand, k = None), text_signature = "($self, hand, k=3)")]
    fn charleston_pass(
        &self,
        hand: &Bound<'_, PyAny>,
        k: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<u32>> {
        let k = count_arg(k, "k", 3)?;
        Ok(ints(self.card.charleston_pass(&tiles_arg(hand)?, k).py()?))
    }

    /// Tiles away from the nearest card hand for every row of a uint8 array of shape (N, 36)
    /// (concealed counts per kind, jokers last), as uint8 (N,). `exposures` is an optional
    /// uint8 array of shape (N, 12): per row four `(kind, size, jokers)` slots, unused slots
    /// zero (see `encode_exposures`); concealed plus exposed make 13 or 14 tiles. A row that is
    /// no valid rack gives `INVALID_DISTANCE` (255) instead of failing the batch; `NO_HAND`
    /// (254) means the row's exposures fit no card hand.
    #[pyo3(signature = (counts, exposures = None))]
    fn distance_batch<'py>(
        &self,
        counts: &Bound<'py, PyAny>,
        exposures: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        batch::column(&self.card, counts, exposures, |r, c, e| {
            r.min_distance(c, e)
        })
    }

    /// Tiles away from every card hand (columns in card order) for every row, as uint8
    /// (N, number of hands); rows and flags as in `distance_batch` (a bad row is all
    /// `INVALID_DISTANCE`; a hand the exposures rule out is `NO_HAND`).
    #[pyo3(signature = (counts, exposures = None))]
    fn distances_batch<'py>(
        &self,
        counts: &Bound<'py, PyAny>,
        exposures: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        batch::distances_batch(&self.card, counts, exposures)
    }

    /// For every row (14 tiles, concealed plus exposed; arrays as in `distance_batch`), the
    /// index in `hands` of the highest-valued card hand completed, as int16 (N,): -1
    /// (`NO_MATCH`) if none, -2 (`INVALID_MATCH`) for a row that is no valid rack.
    #[pyo3(signature = (counts, exposures = None))]
    fn match_batch<'py>(
        &self,
        counts: &Bound<'py, PyAny>,
        exposures: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        batch::column(&self.card, counts, exposures, |r, c, e| r.best_match(c, e))
    }

    fn __len__(&self) -> usize {
        self.card.hands.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Card('{}', hands={}, variants={})",
            self.card.id,
            self.card.hands.len(),
            self.card.variants.len()
        )
    }
}

impl PyCard {
    pub(super) fn card_hand(&self, index: usize) -> PyCardHand {
        let hand = &self.card.hands[index];
        PyCardHand {
            id: hand.id.clone(),
            section: self.card.section_of(index).key.clone(),
            patterns: hand.patterns.clone(),
            value: hand.value,
            concealed: hand.concealed,
            note: hand.note.clone(),
            variant_count: hand.variants.len(),
            example: hand
                .example
                .iter()
                .map(|(kinds, slot)| (kinds.iter().map(|&k| kind_name(k)).collect(), *slot))
                .collect(),
        }
    }
}

/// Rebuilds a pickled `Card` from the TOML text it was compiled from.
#[pyfunction]
pub(crate) fn _card_from_source(source: &str) -> PyResult<PyCard> {
    Ok(PyCard {
        card: Arc::new(Card::from_toml(source).py()?),
    })
}
