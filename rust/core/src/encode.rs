//! What the observation encoders of both families share ([`crate::riichi::encode`],
//! [`crate::american::encode`]): the [`Encoder`] trait, the [`Channel`] table that describes an
//! encoding row by row (declared with [`channels!`]), and [`Planes`], the row-major buffer an
//! encoder writes.
//!
//! An encoding is a `rows x width` array of `f32` (row-major): one column per tile kind (34
//! for Riichi, 36 for American) and rows grouped into named channels. A channel that describes
//! a player has four rows, one per player by seat relative to the observer: 0 the observer,
//! 1 the next player (who plays after it), 2 the player across, 3 the previous player (with
//! three players, rows by turn order too: 0 the observer, 1 the next, 2 the previous, and row
//! 3 empty). A
//! channel that holds a number rather than tiles repeats it across the whole row. Counts of
//! tiles are divided by 4. The basic encoding is the first channels of the table; the full
//! encoding adds the rest after them, so a basic encoding is a prefix of the full one.

/// One channel of an encoding: rows with one meaning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Channel {
    /// Its name (`"hand"`, `"pond"`).
    pub name: &'static str,
    /// How many rows it has.
    pub rows: usize,
    /// The least value any of its cells may hold.
    pub low: f32,
    /// The greatest value any of its cells may hold.
    pub high: f32,
    /// What its rows and columns mean.
    pub doc: &'static str,
}

/// The rows of one channel in an encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rows {
    /// Its first row.
    pub start: usize,
    /// How many rows it has.
    pub len: usize,
}

impl Rows {
    /// The rows of channel `index` of a table whose channels have `rows` rows each.
    pub const fn of(rows: &[usize], index: usize) -> Self {
        let mut start = 0;
        let mut i = 0;
        while i < index {
            start += rows[i];
            i += 1;
        }
        Self {
            start,
            len: rows[index],
        }
    }
}

/// A family's observation encoder: its layout and the two halves of its encoding, from which
/// [`Self::encode`] and [`Self::mask`] follow.
pub trait Encoder {
    /// The observation it encodes.
    type Observation;
    /// What the basic channels hand on to the full ones (the observer's tile counts).
    type Held;
    /// The encoding's version: it changes whenever a row or its meaning does.
    const VERSION: u32;
    /// Columns per row (tile kinds).
    const WIDTH: usize;
    /// The length of the action mask (the number of action codes).
    const ACTIONS: usize;
    /// Every channel in order; the basic encoding is the first [`Self::BASIC_CHANNELS`].
    const CHANNELS: &'static [Channel];
    /// How many channels the basic encoding has.
    const BASIC_CHANNELS: usize;

    /// Writes the basic channels of `obs`.
    fn basic(obs: &Self::Observation, p: &mut Planes<'_>) -> Self::Held;

    /// Writes the channels only the full encoding has.
    fn full(obs: &Self::Observation, held: &Self::Held, p: &mut Planes<'_>);

    /// The codes of the legal actions of `obs`.
    fn legal_codes(obs: &Self::Observation) -> impl Iterator<Item = usize>;

    /// Writes the encoding of `obs` (basic, or full with `full`) into `out`, which must hold
    /// exactly [`Self::len`] values.
    fn encode(obs: &Self::Observation, full: bool, out: &mut [f32]) {
        let mut p = Planes::new(out, Self::WIDTH);
        let held = Self::basic(obs, &mut p);
        if full {
            Self::full(obs, &held, &mut p);
        }
    }

    /// Writes 1 into `out` (of [`Self::ACTIONS`] values) at the code of each legal action of
    /// `obs`, 0 elsewhere.
    fn mask(obs: &Self::Observation, out: &mut [i8]) {
        out.fill(0);
        for code in Self::legal_codes(obs) {
            if let Some(cell) = out.get_mut(code) {
                *cell = 1;
            }
        }
    }

    /// The channels of the basic or the full encoding.
    fn channels(full: bool) -> &'static [Channel] {
        if full {
            Self::CHANNELS
        } else {
            &Self::CHANNELS[..Self::BASIC_CHANNELS]
        }
    }

    /// Rows of the basic or the full encoding.
    fn rows(full: bool) -> usize {
        Self::channels(full).iter().map(|c| c.rows).sum()
    }

    /// Values of the basic or the full encoding (rows x width).
    fn len(full: bool) -> usize {
        Self::rows(full) * Self::WIDTH
    }
}

/// Declares an encoding's channels in order, the basic ones then those only the full
/// encoding has: for each a constant of type [`Rows`] (where its rows are), its name, its row
/// count, its value range and its doc comment (which the Python API and `docs/encoding.md`
/// show). Defines `CHANNELS` (every [`Channel`]) and `BASIC_CHANNELS`.
macro_rules! channels {
    (
        basic { $( $(#[doc = $bdoc:literal])+ $b:ident = $bname:literal, $brows:expr, $blow:literal..=$bhigh:literal; )+ }
        full { $( $(#[doc = $fdoc:literal])+ $f:ident = $fname:literal, $frows:expr, $flow:literal..=$fhigh:literal; )+ }
    ) => {
        /// Channel indices, in order.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy)]
        enum Channels { $($b,)+ $($f,)+ }

        /// Rows of each channel, in order.
        const ROWS: &[usize] = &[$($brows,)+ $($frows,)+];

        $(
            $(#[doc = $bdoc])+
            const $b: crate::encode::Rows = crate::encode::Rows::of(ROWS, Channels::$b as usize);
        )+
        $(
            $(#[doc = $fdoc])+
            const $f: crate::encode::Rows = crate::encode::Rows::of(ROWS, Channels::$f as usize);
        )+

        /// Every channel in order: the basic encoding is the first [`BASIC_CHANNELS`], the
        /// full encoding all of them.
        pub const CHANNELS: &[crate::encode::Channel] = &[
            $(crate::encode::Channel {
                name: $bname, rows: $brows, low: $blow, high: $bhigh, doc: concat!($($bdoc),+),
            },)+
            $(crate::encode::Channel {
                name: $fname, rows: $frows, low: $flow, high: $fhigh, doc: concat!($($fdoc),+),
            },)+
        ];

        /// How many channels the basic encoding has.
        pub const BASIC_CHANNELS: usize = [$($bname),+].len();
    };
}

pub(crate) use channels;

/// An encoding being written: rows of `width` values over a buffer that starts zeroed.
pub struct Planes<'a> {
    data: &'a mut [f32],
    width: usize,
}

impl<'a> Planes<'a> {
    /// Zeroes `data` and writes rows of `width` values into it.
    pub fn new(data: &'a mut [f32], width: usize) -> Self {
        data.fill(0.0);
        Self { data, width }
    }

    /// Row `row` of `channel` (empty when either is out of range, so a bad index writes
    /// nothing rather than panicking).
    fn row(&mut self, channel: Rows, row: usize) -> &mut [f32] {
        if row >= channel.len {
            return &mut [];
        }
        let start = (channel.start + row) * self.width;
        self.data
            .get_mut(start..start + self.width)
            .unwrap_or_default()
    }

    /// Sets column `col` of row `row` of `channel` to `value`.
    pub fn set(&mut self, channel: Rows, row: usize, col: usize, value: f32) {
        if let Some(cell) = self.row(channel, row).get_mut(col) {
            *cell = value;
        }
    }

    /// Adds `value` to column `col` of row `row` of `channel`, at most up to `high`.
    pub fn add(&mut self, channel: Rows, row: usize, col: usize, value: f32, high: f32) {
        if let Some(cell) = self.row(channel, row).get_mut(col) {
            *cell = (*cell + value).min(high);
        }
    }

    /// Fills row `row` of `channel` with `value` (a number shown across the row).
    pub fn fill(&mut self, channel: Rows, row: usize, value: f32) {
        self.row(channel, row).fill(value);
    }

    /// Row `n` of `channel` is 1 where `counts` is above `n`, for each of its rows.
    pub fn thermometer(&mut self, channel: Rows, counts: &[u8]) {
        for (col, &count) in counts.iter().enumerate() {
            for n in 0..channel.len.min(usize::from(count)) {
                self.set(channel, n, col, 1.0);
            }
        }
    }
}

/// `value / scale`, kept within `-1..=1`.
pub fn scaled(value: f64, scale: f64) -> f32 {
    (value / scale).clamp(-1.0, 1.0) as f32
}

/// Where `other` sits from `seat` in turn order among `players` (0 itself, 1 next, then the
/// others in turn order: 2 across and 3 previous with four players, 2 previous with three):
/// the row of `other` in a player channel.
pub fn relative(seat: usize, other: usize, players: usize) -> usize {
    (other + players - seat % players) % players
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planes_write_within_their_rows() {
        let mut data = vec![7.0; 12];
        let a = Rows { start: 0, len: 2 };
        let b = Rows { start: 2, len: 1 };
        let mut p = Planes::new(&mut data, 4);
        p.thermometer(a, &[0, 1, 2, 3]);
        p.fill(b, 0, 0.5);
        p.add(b, 0, 1, 0.75, 1.0);
        // Out of range: nothing written, no panic.
        p.set(b, 1, 0, 9.0);
        p.set(a, 0, 9, 9.0);
        assert_eq!(data, [0., 1., 1., 1., 0., 0., 1., 1., 0.5, 1.0, 0.5, 0.5]);
        assert_eq!(Rows::of(&[2, 3, 4], 2), Rows { start: 5, len: 4 });
        assert_eq!(relative(1, 0, 4), 3);
        assert_eq!(relative(2, 3, 4), 1);
        assert_eq!(relative(1, 0, 3), 2);
        assert_eq!(relative(2, 0, 3), 1);
        assert_eq!(scaled(-5.0, 2.0), -1.0);
    }
}
