//! `mahjong.riichi.WinContext`, generated from the core's one list of win flags
//! (`for_each_win_flag!`): each flag's keyword, getter and `to_dict` entry come from it.

use mahjong_core::Wind;
use mahjong_core::riichi::WinContext;
use mahjong_core::riichi::context::MAX_KITA;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args::{Count, IndicatorsArg, WindArg, named};
use crate::convert::{Reduced, ints, reduce_to};
use crate::errors::IntoPyResult;

fn wind(name: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Wind>> {
    Ok(named::<WindArg>(name, obj)?.map(|w| w.0))
}

fn count(name: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    Ok(named::<Count>(name, obj)?.map_or(0, |c| c.0))
}

macro_rules! py_win_context {
    ($(($flag:ident, $doc:literal)),+ $(,)?) => {
        /// The situation of a win. Seats are named by seat wind: 0 / "E" is the dealer.
        ///
        /// The yes/no circumstances are keywords listed in `WinContext.FLAGS` with their
        /// meaning. `dora_indicators` and `ura_indicators` are tile strings (`"1m0p"`, in
        /// reveal order; `0` is a red five), Tiles or sequences of tiles; ura indicators
        /// count only for a riichi winner. `honba` and `riichi_sticks` are 0..=255.
        /// `discarder` is the seat that dealt in (for payments; a ron without it reports the
        /// discarder as None); `liable` names a player liable for a pao yakuman. `kita`
        /// (0..=4, three-player rulesets) is the Norths the winner set aside: nukidora.
        #[pyclass(
            name = "WinContext",
            module = "mahjong.riichi",
            frozen,
            eq,
            hash,
            skip_from_py_object
        )]
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub(crate) struct PyWinContext {
            pub(crate) ctx: WinContext,
        }

        #[pymethods]
        impl PyWinContext {
            #[new]
            #[pyo3(signature = (*, $($flag = false,)+ seat_wind = None, round_wind = None,
                dora_indicators = None, ura_indicators = None, honba = None,
                riichi_sticks = None, discarder = None, liable = None, kita = None))]
            #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
            fn new(
                $($flag: bool,)+
                seat_wind: Option<&Bound<'_, PyAny>>,
                round_wind: Option<&Bound<'_, PyAny>>,
                dora_indicators: Option<&Bound<'_, PyAny>>,
                ura_indicators: Option<&Bound<'_, PyAny>>,
                honba: Option<&Bound<'_, PyAny>>,
                riichi_sticks: Option<&Bound<'_, PyAny>>,
                discarder: Option<&Bound<'_, PyAny>>,
                liable: Option<&Bound<'_, PyAny>>,
                kita: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                let kita = count("kita", kita)?;
                let kita = u8::try_from(kita)
                    .ok()
                    .filter(|&k| k <= MAX_KITA)
                    .ok_or_else(|| mahjong_core::Error::argument(format!(
                        "kita {kita} is out of range 0..={MAX_KITA}"
                    )))
                    .py()?;
                let ctx = WinContext {
                    $($flag,)+
                    seat_wind: wind("seat_wind", seat_wind)?.unwrap_or_default(),
                    round_wind: wind("round_wind", round_wind)?.unwrap_or_default(),
                    dora_indicators: named::<IndicatorsArg>("dora_indicators", dora_indicators)?
                        .map(|i| i.0)
                        .unwrap_or_default(),
                    ura_indicators: named::<IndicatorsArg>("ura_indicators", ura_indicators)?
                        .map(|i| i.0)
                        .unwrap_or_default(),
                    honba: count("honba", honba)?,
                    riichi_sticks: count("riichi_sticks", riichi_sticks)?,
                    discarder: wind("discarder", discarder)?,
                    liable: wind("liable", liable)?,
                    kita,
                };
                ctx.check(false).py()?;
                Ok(Self { ctx })
            }

            /// `(keyword, meaning)` of every yes/no circumstance, in record bit order.
            #[classattr]
            #[allow(non_snake_case)]
            fn FLAGS(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
                PyTuple::new(py, WinContext::FLAGS.iter().copied())
            }

            /// Keyword arguments that rebuild this context.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                let c = &self.ctx;
                let out = PyDict::new(py);
                $(out.set_item(stringify!($flag), c.$flag)?;)+
                out.set_item("seat_wind", c.seat_wind.letter())?;
                out.set_item("round_wind", c.round_wind.letter())?;
                out.set_item("dora_indicators", c.dora_indicators.to_mpsz())?;
                out.set_item("ura_indicators", c.ura_indicators.to_mpsz())?;
                out.set_item("honba", c.honba)?;
                out.set_item("riichi_sticks", c.riichi_sticks)?;
                out.set_item("discarder", c.discarder.map(Wind::letter))?;
                out.set_item("liable", c.liable.map(Wind::letter))?;
                out.set_item("kita", c.kita)?;
                Ok(out)
            }

            $(
                #[doc = $doc]
                #[getter]
                fn $flag(&self) -> bool {
                    self.ctx.$flag
                }
            )+
            /// The winner's seat wind, 0 (East, the dealer) to 3.
            #[getter]
            fn seat_wind(&self) -> usize {
                self.ctx.seat_wind.index()
            }
            /// The round wind, 0 (East) to 3.
            #[getter]
            fn round_wind(&self) -> usize {
                self.ctx.round_wind.index()
            }
            /// Whether the winner is the dealer (seat wind East).
            #[getter]
            fn dealer(&self) -> bool {
                self.ctx.dealer()
            }
            /// Dora indicator kinds, in reveal order.
            #[getter]
            fn dora_indicators(&self) -> Vec<u32> {
                ints(self.ctx.dora_indicators.kinds().iter().copied())
            }
            /// Ura indicator kinds, in reveal order.
            #[getter]
            fn ura_indicators(&self) -> Vec<u32> {
                ints(self.ctx.ura_indicators.kinds().iter().copied())
            }
            /// Honba counters on the table.
            #[getter]
            fn honba(&self) -> u32 {
                self.ctx.honba
            }
            /// Riichi deposits on the table, this hand's included.
            #[getter]
            fn riichi_sticks(&self) -> u32 {
                self.ctx.riichi_sticks
            }
            /// Seat wind of the discarder of a ron, if given.
            #[getter]
            fn discarder(&self) -> Option<usize> {
                self.ctx.discarder.map(Wind::index)
            }
            /// Seat wind of the player liable for a pao yakuman, if any.
            #[getter]
            fn liable(&self) -> Option<usize> {
                self.ctx.liable.map(Wind::index)
            }
            /// Norths the winner set aside by kita (three players).
            #[getter]
            fn kita(&self) -> u8 {
                self.ctx.kita
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let default = Self {
                    ctx: WinContext::default(),
                }
                .to_dict(py)?;
                let mut parts = Vec::new();
                for (key, value) in self.to_dict(py)?.iter() {
                    if !default
                        .get_item(&key)?
                        .is_some_and(|d| d.eq(&value).unwrap_or(false))
                    {
                        parts.push(format!("{}={}", key, value.repr()?));
                    }
                }
                Ok(format!("WinContext({})", parts.join(", ")))
            }

            /// Pickles by keywords (every protocol).
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py, (Bound<'py, PyDict>,)> {
                let py = slf.py();
                reduce_to(py, "_win_context", (slf.get().to_dict(py)?,))
            }
        }
    };
}

mahjong_core::for_each_win_flag!(py_win_context);

/// Rebuilds a pickled WinContext from its keywords.
#[pyfunction]
pub(crate) fn _win_context<'py>(
    py: Python<'py>,
    kwargs: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<PyWinContext>().call((), Some(kwargs))
}
