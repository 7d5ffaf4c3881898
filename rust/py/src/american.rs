//! American Mahjong: cards, exposures, matching, tiles away, discard and Charleston advice.

use std::path::{Path, PathBuf};

use mahjong_core::american::table::Needs;
use mahjong_core::american::{
    self as core, Card, DiscardOption, Exposure, HandDistance, Match, Payment, Rack, Variant, Win,
    tile_name,
};
use mahjong_core::tile::{JOKER, KINDS};
use mahjong_core::{Error, Tiles};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::batch::map_rows;
use crate::convert::{int_value, ints, kind_below, optional_tiles_arg, tiles_arg, type_name};
use crate::errors::IntoPyResult;
use crate::tiles::PyTiles;

/// An exposed set: `Exposure(tile, size, jokers=0)`.
///
/// `tile` is the natural tile (a kind 0..34 or a string such as `"N"`, `"2C"`, `"F"`), `size`
/// 3 (pung), 4 (kong), 5 (quint) or 6 (sextet), `jokers` how many of its tiles are jokers (at
/// least one tile is natural). Wherever exposures are accepted, a tile string such as
/// `"N N N J"` works too.
#[pyclass(
    name = "Exposure",
    module = "mahjong.american",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyExposure {
    exposure: Exposure,
}

#[pymethods]
impl PyExposure {
    #[new]
    #[pyo3(signature = (tile, size, jokers = None), text_signature = "(tile, size, jokers=0)")]
    fn new(
        tile: &Bound<'_, PyAny>,
        size: &Bound<'_, PyAny>,
        jokers: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kind = natural_kind_arg(tile)?;
        let size = small_int(size, "size")?;
        let jokers = jokers.map_or(Ok(0), |j| small_int(j, "jokers"))?;
        Ok(Self {
            exposure: Exposure::new(kind, size, jokers).py()?,
        })
    }

    /// Reads an exposure from its tiles: copies of one natural tile plus jokers (`"N N N J"`).
    #[staticmethod]
    fn from_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            exposure: Exposure::from_tiles(&tiles_arg(tiles)?).py()?,
        })
    }

    /// The natural tile's kind.
    #[getter]
    fn tile(&self) -> u8 {
        self.exposure.kind()
    }

    /// Number of tiles (3 to 6).
    #[getter]
    fn size(&self) -> u8 {
        self.exposure.size()
    }

    /// Number of jokers in it.
    #[getter]
    fn jokers(&self) -> u8 {
        self.exposure.jokers()
    }

    /// Its tiles, naturals and jokers.
    #[getter]
    fn tiles(&self) -> PyTiles {
        self.exposure.tiles().into()
    }

    fn __repr__(&self) -> String {
        let e = &self.exposure;
        format!(
            "Exposure('{}', {}, jokers={})",
            tile_name(e.kind()),
            e.size(),
            e.jokers()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8, u8, u8))> {
        let e = slf.get().exposure;
        Ok((slf.get_type().into_any(), (e.kind(), e.size(), e.jokers())))
    }
}

/// Fails with TypeError for a bool: `True` is no tile, size or count in the American API.
fn reject_bool(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must not be a bool")));
    }
    Ok(())
}

/// An int argument named `what` (Python or numpy int, not a bool).
fn int_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    reject_bool(obj, what)?;
    int_value(obj).ok_or_else(|| {
        PyTypeError::new_err(format!("{what} must be an int, got {}", type_name(obj)))
    })
}

/// A natural tile kind (0..=34) as an int (not a bool) or a one-tile string.
fn natural_kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    reject_bool(obj, "a tile")?;
    kind_below(obj, JOKER, "natural American", "'N' or '2C'")
}

/// A small non-negative int argument named `what`.
fn small_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    let value = int_arg(obj, what)?;
    u8::try_from(value)
        .map_err(|_| Error::meld(format!("{what} {value} is out of range")))
        .py()
}

/// A count argument such as `top` or `k`: a non-negative int (large values saturate).
fn count_arg(obj: Option<&Bound<'_, PyAny>>, what: &str, default: usize) -> PyResult<usize> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(default);
    };
    let value = int_arg(obj, what)?;
    if value < 0 {
        return Err(Error::argument(format!(
            "{what} {value} must not be negative"
        )))
        .py();
    }
    Ok(usize::try_from(value).unwrap_or(usize::MAX))
}

/// Exposures from an iterable of `Exposure` objects or tile strings.
fn exposures_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Exposure>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "exposures must be a list of Exposure objects or tile strings, not one string",
        ));
    }
    obj.try_iter()?
        .map(|item| {
            let item = item?;
            match item.cast::<PyExposure>() {
                Ok(e) => Ok(e.get().exposure),
                Err(_) => Exposure::from_tiles(&tiles_arg(&item)?).py(),
            }
        })
        .collect()
}

/// A rack from a concealed-tiles argument and an exposures argument.
fn rack_arg(hand: &Bound<'_, PyAny>, exposures: Option<&Bound<'_, PyAny>>) -> PyResult<Rack> {
    Rack::new(tiles_arg(hand)?, exposures_arg(exposures)?).py()
}

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
    text: String,
}

impl PyVariant {
    fn new(card: &Card, variant: &Variant) -> Self {
        Self {
            hand_id: card.hands[variant.hand].id.clone(),
            sets: variant.arrangement.sets.clone(),
            strict: variant.arrangement.strict.clone(),
            counts: ints(variant.total),
            text: variant.text(),
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
    id: String,
    /// Key of its section.
    #[pyo3(get)]
    section: String,
    /// The printed pattern(s); several are alternatives.
    #[pyo3(get)]
    patterns: Vec<String>,
    /// Value in points.
    #[pyo3(get)]
    value: u16,
    /// Whether the hand is concealed (C).
    #[pyo3(get)]
    concealed: bool,
    /// The printed note ("" if none).
    #[pyo3(get)]
    note: String,
    /// Number of concrete variants.
    #[pyo3(get)]
    variant_count: usize,
}

/// `"C"` for a concealed card hand, `"X"` for one that allows exposures.
fn xc(concealed: bool) -> &'static str {
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
    fn new(card: &Card, d: &HandDistance) -> Self {
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
    card: Py<PyCard>,
    option: DiscardOption,
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
    skip_from_py_object
)]
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
}

impl PyMatch {
    fn new(card: &Card, won: Match) -> Self {
        let hand = &card.hands[won.hand];
        Self {
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
    /// `"joker_exchange"` (paid as self-drawn). Doubled when `jokerless_bonus`.
    #[pyo3(signature = (win = "discard"))]
    fn payment(&self, win: &str) -> PyResult<(Option<u32>, u32)> {
        let paid = Payment::new(self.value, self.jokerless_bonus, Win::parse(win).py()?);
        Ok((paid.discarder, paid.each_other))
    }

    /// `"X"` (exposures allowed) or `"C"` (concealed).
    #[getter]
    fn xc(&self) -> &'static str {
        xc(self.concealed)
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
    card: Card,
}

#[pymethods]
impl PyCard {
    /// Loads a card from a TOML file path (str or os.PathLike) or from TOML text. An existing
    /// file is always read as a path; any other str with a newline or `=` is the text itself,
    /// and the rest are paths (FileNotFoundError if missing). Raises CardFormatError naming
    /// each broken rule and hand.
    #[staticmethod]
    fn from_toml(source: &Bound<'_, PyAny>) -> PyResult<Self> {
        let card = match card_text(source)? {
            // One line is no card file, but it may be a mistyped path: say how it was read.
            CardSource::Text(text) if !text.contains('\n') => Card::from_toml(&text)
                .map_err(|e| e.context(format!("{text:?} is no file, so it was read as TOML"))),
            CardSource::File(text) | CardSource::Text(text) => Card::from_toml(&text),
        };
        Ok(Self { card: card.py()? })
    }

    /// A card shipped with the package, by name (see `builtin_names`).
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<Self> {
        Ok(Self {
            card: Card::builtin(name).py()?,
        })
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
        let won = self.card.match_rack(&rack_arg(hand, exposures)?).py()?;
        Ok(won.map(|m| PyMatch::new(&self.card, m)))
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
    /// (`top` per discard), best discard first. With `visible` (every discard and the other
    /// players' exposures), hands that can no longer be completed from unseen tiles are left
    /// out; `redeemable` says how many of the visible jokers sit in other players' exposures
    /// the player could still take by a joker exchange: they count as jokers the player can
    /// get (spec §4.6). Without `visible` there is no liveness filter and `redeemable` must
    /// be 0.
    #[pyo3(
        signature = (hand, exposures = None, visible = None, top = None, redeemable = None),
        text_signature = "($self, hand, exposures=(), visible=None, top=3, redeemable=0)"
    )]
    fn discard_options(
        slf: &Bound<'_, Self>,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
        top: Option<&Bound<'_, PyAny>>,
        redeemable: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyDiscardOption>> {
        let top = count_arg(top, "top", 3)?;
        let redeemable = count_arg(redeemable, "redeemable", 0)?;
        let rack = rack_arg(hand, exposures)?;
        let visible = visible
            .filter(|v| !v.is_none())
            .map(tiles_arg)
            .transpose()?;
        let options = slf
            .get()
            .card
            .discard_options(&rack, visible.as_ref(), redeemable, top)
            .py()?;
        Ok(options
            .into_iter()
            .map(|option| PyDiscardOption {
                card: slf.clone().unbind(),
                option,
            })
            .collect())
    }

    /// The kinds that complete a 13-tile hand (concealed plus exposed), ascending; 35 (a joker)
    /// is among them when a joker-eligible slot is the one left open.
    #[pyo3(
        signature = (hand, exposures = None),
        text_signature = "($self, hand, exposures=())"
    )]
    fn waits(
        &self,
        hand: &Bound<'_, PyAny>,
        exposures: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<u32>> {
        Ok(ints(self.card.waits(&rack_arg(hand, exposures)?).py()?))
    }

    /// Ids of the card hands a player with these exposures can still complete from public
    /// information: `visible` holds every discard and the other players' exposures (the
    /// player's own exposures are counted from `exposures`). As in the referee's test of the
    /// spec (§4.6), only jokers out of sight count: a joker in an exposure counts as gone even
    /// if the player could still redeem it (`discard_options` takes `redeemable` for that).
    #[pyo3(
        signature = (exposures = None, visible = None),
        text_signature = "($self, exposures=(), visible=None)"
    )]
    fn live_hands(
        &self,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let live = self
            .card
            .live_hands(&exposures_arg(exposures)?, &optional_tiles_arg(visible)?)
            .py()?;
        Ok(live
            .iter()
            .map(|&h| self.card.hands[h].id.clone())
            .collect())
    }

    /// Whether no card hand can still be completed (see `live_hands`): the referee's
    /// dead-hand test from public information (redeemable jokers do not count).
    #[pyo3(
        signature = (exposures = None, visible = None),
        text_signature = "($self, exposures=(), visible=None)"
    )]
    fn is_dead(
        &self,
        exposures: Option<&Bound<'_, PyAny>>,
        visible: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        self.card
            .is_dead(&exposures_arg(exposures)?, &optional_tiles_arg(visible)?)
            .py()
    }

    /// A suggested Charleston pass of `k` (0..3) kinds from 13 or 14 concealed tiles, never a
    /// joker: greedily the tiles whose loss costs least, valuing a hand as the sum over card
    /// hands of value x 4^-(tiles away).
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
    /// (concealed counts per kind, jokers last; 13 or 14 tiles, no exposures), as uint8 (N,).
    fn distance_batch<'py>(
        &self,
        py: Python<'py>,
        counts: PyReadonlyArray2<'py, u8>,
    ) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let card = &self.card;
        let mut needs = Needs::default();
        let out = map_rows(py, &counts, |row: &[u8; KINDS]| {
            check_row(row, &[13, 14])?;
            Ok(card.min_distance(row, &mut needs))
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Tiles away from every card hand (columns in card order) for every row of a uint8 array
    /// of shape (N, 36), as uint8 (N, number of hands). Rows as in `distance_batch`.
    fn distances_batch<'py>(
        &self,
        py: Python<'py>,
        counts: PyReadonlyArray2<'py, u8>,
    ) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let card = &self.card;
        let hands = card.hands.len();
        let (mut needs, mut scratch) = (Needs::default(), Vec::new());
        let rows = map_rows(py, &counts, |row: &[u8; KINDS]| {
            check_row(row, &[13, 14])?;
            let mut out = vec![0u8; hands];
            card.hand_distances_into(row, &mut needs, &mut scratch, &mut out);
            Ok(out)
        })?;
        let n = rows.len();
        PyArray1::from_vec(py, rows.concat()).reshape([n, hands])
    }

    /// For every row of a uint8 array of shape (N, 36) (14 concealed tiles, no exposures), the
    /// index in `hands` of the highest-valued card hand completed, or -1, as int16 (N,).
    fn match_batch<'py>(
        &self,
        py: Python<'py>,
        counts: PyReadonlyArray2<'py, u8>,
    ) -> PyResult<Bound<'py, PyArray1<i16>>> {
        let card = &self.card;
        let out = map_rows(py, &counts, |row: &[u8; KINDS]| {
            let rack = check_row(row, &[14])?;
            let won = card.match_rack(&rack)?;
            Ok(won.map_or(-1, |m| m.hand as i16))
        })?;
        Ok(PyArray1::from_vec(py, out))
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
    fn card_hand(&self, index: usize) -> PyCardHand {
        let hand = &self.card.hands[index];
        PyCardHand {
            id: hand.id.clone(),
            section: self.card.section_of(index).key.clone(),
            patterns: hand.patterns.clone(),
            value: hand.value,
            concealed: hand.concealed,
            note: hand.note.clone(),
            variant_count: hand.variants.len(),
        }
    }
}

/// A batch row as a rack without exposures of one of `sizes` tiles.
fn check_row(row: &[u8; KINDS], sizes: &[usize]) -> mahjong_core::Result<Rack> {
    let rack = Rack::new(Tiles::from_counts(row)?, Vec::new())?;
    rack.expect_len(sizes, "a batch row")?;
    Ok(rack)
}

/// A card source read by [`card_text`].
enum CardSource {
    /// The contents of a file.
    File(String),
    /// TOML text given directly.
    Text(String),
}

/// The TOML text of a card source: an existing file (a str or os.PathLike path) is read; any
/// other str is TOML text if it has a newline or `=`, else a path (so a missing file is a
/// FileNotFoundError, not a TOML error).
fn card_text(source: &Bound<'_, PyAny>) -> PyResult<CardSource> {
    let path = if let Ok(text) = source.cast::<PyString>() {
        let text = text.to_cow()?;
        let is_file = Path::new(text.as_ref()).is_file();
        if !is_file && (text.contains('\n') || text.contains('=')) {
            return Ok(CardSource::Text(text.into_owned()));
        }
        PathBuf::from(text.into_owned())
    } else if source.hasattr("__fspath__")? {
        source
            .call_method0("__fspath__")?
            .extract::<String>()
            .map_err(|_| PyTypeError::new_err("a card path must be text, not bytes"))?
            .into()
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a card file path or TOML text, got {}",
            type_name(source)
        )));
    };
    std::fs::read_to_string(&path)
        .map(CardSource::File)
        .map_err(|e| {
            let message = format!("cannot read card file {path:?}: {e}");
            if e.kind() == std::io::ErrorKind::NotFound {
                PyFileNotFoundError::new_err(message)
            } else {
                PyOSError::new_err(message)
            }
        })
}

/// The kind of each of the 152 physical tiles, indexed by id: ids 0..135 are the 34 natural
/// kinds four times (kind = id // 4), 136..143 the flowers (34), 144..151 the jokers (35).
#[pyfunction]
pub(crate) fn american_physical_kinds() -> Vec<u32> {
    ints(core::physical_kinds())
}

/// The kind of physical tile `id` (0..151); see `physical_kinds`.
#[pyfunction]
pub(crate) fn american_physical_kind(id: &Bound<'_, PyAny>) -> PyResult<u8> {
    core::physical_kind(int_arg(id, "a tile id")?).py()
}
