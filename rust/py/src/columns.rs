//! The per-deal rows of `mahjong sim --parquet` as columns: a dict of lists by column name, in
//! the order of each family's `COLUMNS` (`mahjong.riichi.tally`, `mahjong.american.tally`),
//! made from the core's rows ([`riichi::DealRow`], [`american::DealRow`]) for runs of the
//! native loop (`SimResult.columns`) and for a game of the Python loop (`Game.deal_columns`).

use mahjong_core::american::sim as american;
use mahjong_core::riichi::sim as riichi;
use mahjong_core::standing::Standing;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// One game's part of the columns: its number in the run, its seed, its deals' rows and its
/// final standings by seat (one per player).
pub(crate) struct GameRows<'a, R> {
    pub(crate) number: u64,
    pub(crate) seed: u64,
    pub(crate) rows: &'a [R],
    pub(crate) standings: &'a [Standing],
}

/// Columns filled row by row: the first row names them, the others fill them in that order.
struct Columns<'py> {
    py: Python<'py>,
    names: Vec<String>,
    cells: Vec<Vec<Py<PyAny>>>,
    /// The column the next cell goes to.
    at: usize,
    rows: usize,
}

impl<'py> Columns<'py> {
    fn new(py: Python<'py>) -> Self {
        Self {
            py,
            names: Vec::new(),
            cells: Vec::new(),
            at: 0,
            rows: 0,
        }
    }

    /// The next cell of the current row, in column `name`.
    fn put<T: IntoPyObjectExt<'py>>(
        &mut self,
        name: impl FnOnce() -> String,
        value: T,
    ) -> PyResult<()> {
        if self.rows == 0 {
            self.names.push(name());
            self.cells.push(Vec::new());
        }
        self.cells[self.at].push(value.into_py_any(self.py)?);
        self.at += 1;
        Ok(())
    }

    /// One cell per seat, in columns `{prefix}_0` .. `{prefix}_3`: the values of the first
    /// `players` seats, None for a seat beyond them (seat 3 of a three-player game).
    fn seats<T: IntoPyObjectExt<'py> + Clone>(
        &mut self,
        prefix: &str,
        values: &[T],
        players: usize,
    ) -> PyResult<()> {
        for seat in 0..4 {
            let value = values.get(seat).filter(|_| seat < players).cloned();
            self.put(|| format!("{prefix}_{seat}"), value)?;
        }
        Ok(())
    }

    /// Ends the current row.
    fn end_row(&mut self) {
        self.at = 0;
        self.rows += 1;
    }

    fn into_dict(self) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(self.py);
        for (name, cells) in self.names.into_iter().zip(self.cells) {
            dict.set_item(name, PyList::new(self.py, cells)?)?;
        }
        Ok(dict)
    }
}

/// The name of a column that is the same for every row of a family.
fn named(name: &'static str) -> impl FnOnce() -> String {
    move || name.to_owned()
}

/// The final ranks, scores and points by seat (0 for a seat beyond the players).
fn finals(standings: &[Standing]) -> ([usize; 4], [i64; 4], [i64; 4]) {
    let mut out = ([0; 4], [0; 4], [0; 4]);
    for s in standings {
        out.0[s.seat] = s.rank;
        out.1[s.seat] = s.score;
        out.2[s.seat] = s.points;
    }
    out
}

/// The players' names as Python strings, made once for every row.
fn agents<'py>(py: Python<'py>, names: &[&str]) -> Vec<Bound<'py, PyString>> {
    names.iter().map(|name| PyString::new(py, name)).collect()
}

/// Riichi games' deals as the columns of `mahjong.riichi.tally.COLUMNS` (`names`: the players'
/// names by seat, one per player; the seat-3 columns are None with three players).
pub(crate) fn riichi_columns<'py, 'a>(
    py: Python<'py>,
    names: &[&str],
    games: impl IntoIterator<Item = GameRows<'a, riichi::DealRow>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut c = Columns::new(py);
    let players = names.len();
    let names = agents(py, names);
    for game in games {
        let (ranks, scores, points) = finals(game.standings);
        for (deal, row) in game.rows.iter().enumerate() {
            c.put(named("game"), game.number)?;
            c.put(named("seed"), game.seed)?;
            c.put(named("deal"), deal + 1)?;
            c.put(named("round_wind"), row.round_wind)?;
            c.put(named("kyoku"), row.kyoku)?;
            c.put(named("honba"), row.honba)?;
            c.put(named("riichi_sticks"), row.riichi_sticks)?;
            c.put(named("dealer"), row.dealer)?;
            c.seats("agent", &names, players)?;
            let wins = &row.wins;
            c.put(
                named("winners"),
                wins.iter().map(|w| w.seat).collect::<Vec<_>>(),
            )?;
            c.put(named("deal_in"), row.deal_in)?;
            // u8 lists would become bytes
            c.put(
                named("han"),
                wins.iter().map(|w| u16::from(w.han)).collect::<Vec<_>>(),
            )?;
            c.put(
                named("fu"),
                wins.iter().map(|w| u16::from(w.fu)).collect::<Vec<_>>(),
            )?;
            c.put(
                named("points"),
                wins.iter().map(|w| w.points).collect::<Vec<_>>(),
            )?;
            c.put(
                named("limit"),
                wins.iter().map(|w| w.limit).collect::<Vec<_>>(),
            )?;
            c.put(
                named("yaku"),
                wins.iter().map(|w| w.yaku.as_str()).collect::<Vec<_>>(),
            )?;
            c.put(named("draw"), row.draw)?;
            c.seats("delta", &row.deltas, players)?;
            c.seats("rank", &ranks, players)?;
            c.seats("final_score", &scores, players)?;
            c.seats("final_points", &points, players)?;
            c.end_row();
        }
    }
    c.into_dict()
}

/// American sessions' games as the columns of `mahjong.american.tally.COLUMNS` (`names`: the
/// four players' names by seat).
pub(crate) fn american_columns<'py, 'a>(
    py: Python<'py>,
    names: &[&str],
    games: impl IntoIterator<Item = GameRows<'a, american::DealRow>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut c = Columns::new(py);
    let names = agents(py, names);
    for game in games {
        let (ranks, scores, _) = finals(game.standings);
        for (number, row) in game.rows.iter().enumerate() {
            let win = row.win.as_ref();
            c.put(named("session"), game.number)?;
            c.put(named("seed"), game.seed)?;
            c.put(named("game"), number + 1)?;
            c.put(named("dealer"), row.dealer)?;
            c.seats("agent", &names, 4)?;
            c.put(named("winner"), win.map(|w| w.seat))?;
            c.put(named("hand"), win.and_then(|w| w.hand.as_deref()))?;
            c.put(named("value"), win.map(|w| w.value))?;
            c.put(named("win"), win.map(|w| w.win))?;
            c.put(named("discarder"), win.and_then(|w| w.discarder))?;
            c.put(named("jokerless"), win.map(|w| w.jokerless))?;
            c.put(named("wall_game"), row.wall_game)?;
            c.seats("payout", &row.payouts, 4)?;
            c.seats("dead", &row.dead, 4)?;
            c.seats("rank", &ranks, 4)?;
            c.seats("final_score", &scores, 4)?;
            c.end_row();
        }
    }
    c.into_dict()
}

/// A Riichi game's deals as columns (`Game.deal_columns`), `number` its number in its run.
pub(crate) fn riichi_game<'py>(
    py: Python<'py>,
    game: &mahjong_core::riichi::game::Game,
    number: u64,
) -> PyResult<Bound<'py, PyDict>> {
    use mahjong_core::riichi::game::Event;
    let players = game.player_count();
    let names: Vec<&str> = match game.log().first() {
        Some(Event::StartGame { names, .. }) => {
            names[..players].iter().map(String::as_str).collect()
        }
        _ => vec![""; players],
    };
    let rows = riichi::DealRow::of(game.log());
    let standings = game.standings();
    riichi_columns(
        py,
        &names,
        [GameRows {
            number,
            seed: game.seed(),
            rows: &rows,
            standings: &standings,
        }],
    )
}

/// An American session's games as columns (`AmericanGame.deal_columns`), `number` its number
/// in its run.
pub(crate) fn american_game<'py>(
    py: Python<'py>,
    game: &mahjong_core::american::game::Game,
    number: u64,
) -> PyResult<Bound<'py, PyDict>> {
    use mahjong_core::american::game::Event;
    let names = match game.log().first() {
        Some(Event::StartSession { names, .. }) => names.each_ref().map(String::as_str),
        _ => [""; 4],
    };
    let rows = american::DealRow::of(game.log(), game.card());
    let standings = game.standings();
    american_columns(
        py,
        &names,
        [GameRows {
            number,
            seed: game.seed(),
            rows: &rows,
            standings: &standings,
        }],
    )
}
