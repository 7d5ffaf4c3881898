//! `mahjong.american.AmericanRules`: the options of an American game (spec §1.11), frozen.

use std::sync::Arc;

use mahjong_core::Error;
use mahjong_core::american::game::{Preset, Rules};
use pyo3::exceptions::{PyAttributeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::convert::type_name;
use crate::errors::IntoPyResult;
use crate::rules::{from_value, option_value, python_literal};

/// The options of an American game (spec §1.11), frozen.
///
/// Start from a preset (`AmericanRules.preset("table")`; `"nmjl"`, the default, or `"table"`)
/// and change options with `replace(dead_hand_mode="challenge")`. Options read as attributes
/// (`rules.courtesy_pass`). An unknown option, a value it does not accept or a value the
/// engine cannot play raises InvalidRuleError listing what is valid.
#[pyclass(
    name = "AmericanRules",
    module = "mahjong.american",
    frozen,
    skip_from_py_object
)]
#[derive(Clone)]
pub(crate) struct PyAmericanRules {
    pub(crate) rules: Arc<Rules>,
    preset: Preset,
}

impl PyAmericanRules {
    /// The nmjl preset.
    pub(crate) fn nmjl() -> Self {
        Self {
            rules: Arc::new(Rules::preset(Preset::Nmjl)),
            preset: Preset::Nmjl,
        }
    }

    /// The rules of an optional argument (default: nmjl).
    pub(crate) fn of(rules: Option<&Bound<'_, Self>>) -> Arc<Rules> {
        rules.map_or_else(|| Self::nmjl().rules, |r| r.get().rules.clone())
    }
}

fn apply(rules: &mut Rules, items: &Bound<'_, PyDict>) -> PyResult<()> {
    for (key, value) in items.iter() {
        let name = key.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("option names are strings, got {}", type_name(&key)))
        })?;
        let name = name.to_cow()?;
        let value = option_value(&name, &value, Rules::allowed)?;
        rules.set(&name, &value).py()?;
    }
    Ok(())
}

#[pymethods]
impl PyAmericanRules {
    #[new]
    fn new() -> Self {
        Self::nmjl()
    }

    /// A named preset: "nmjl" or "table".
    #[staticmethod]
    fn preset(name: &str) -> PyResult<Self> {
        let preset = Preset::parse(name).py()?;
        Ok(Self {
            rules: Arc::new(Rules::preset(preset)),
            preset,
        })
    }

    /// The preset names.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        Preset::ALL.iter().map(|p| p.name()).collect()
    }

    /// Every option name with the values it accepts, in words.
    #[staticmethod]
    fn options() -> Vec<(&'static str, String)> {
        Rules::OPTIONS
            .iter()
            .map(|&name| (name, Rules::allowed(name).unwrap_or_default()))
            .collect()
    }

    /// A copy with some options changed, e.g. `replace(courtesy_pass=False)`.
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut rules = (*self.rules).clone();
        if let Some(changes) = changes {
            apply(&mut rules, changes)?;
        }
        Ok(Self {
            rules: Arc::new(rules),
            preset: self.preset,
        })
    }

    /// Every option and its value (strings, ints, bools, None).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, value) in self.rules.values() {
            out.set_item(name, from_value(py, &value)?)?;
        }
        Ok(out)
    }

    /// Builds from a dict of options: a `preset` key (default "nmjl") gives the starting
    /// point, the other keys override it.
    #[staticmethod]
    fn from_dict(options: &Bound<'_, PyDict>) -> PyResult<Self> {
        let options = options.copy()?;
        let preset = match options.get_item("preset")? {
            Some(name) => {
                options.del_item("preset")?;
                let name = name.cast::<PyString>().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "preset must be a string, got {}",
                        type_name(&name)
                    ))
                })?;
                Preset::parse(&name.to_cow()?).py()?
            }
            None => Preset::Nmjl,
        };
        let mut rules = Rules::preset(preset);
        apply(&mut rules, &options)?;
        Ok(Self {
            rules: Arc::new(rules),
            preset,
        })
    }

    /// TOML text with one `option = value` line per option (None is written "none").
    fn to_toml(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.rules.values() {
            out.push_str(&format!("{name} = {}\n", value.describe()));
        }
        out
    }

    /// Parses TOML text as written by `to_toml` (a `preset` key may give the starting point).
    #[staticmethod]
    fn from_toml(py: Python<'_>, text: &str) -> PyResult<Self> {
        let parser = py.import("tomllib").or_else(|_| py.import("tomli"))?;
        let parsed = parser.call_method1("loads", (text,)).map_err(|e| {
            crate::errors::to_pyerr(Error::rule(format!("invalid TOML: {}", e.value(py))))
        })?;
        Self::from_dict(parsed.cast::<PyDict>()?)
    }

    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.rules.get(name) {
            Ok(value) => from_value(py, &value),
            Err(_) => Err(PyAttributeError::new_err(format!(
                "AmericanRules has no option {name:?}"
            ))),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Self>()
            .is_ok_and(|o| o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.rules.hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        let base = Rules::preset(self.preset);
        let changes: Vec<String> = self
            .rules
            .values()
            .into_iter()
            .filter(|(name, value)| base.get(name).ok().as_ref() != Some(value))
            .map(|(name, value)| format!("{name}={}", python_literal(&value)))
            .collect();
        let preset = format!("AmericanRules.preset('{}')", self.preset.name());
        if changes.is_empty() {
            preset
        } else {
            format!("{preset}.replace({})", changes.join(", "))
        }
    }
}
