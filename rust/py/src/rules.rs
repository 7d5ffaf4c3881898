//! `mahjong.riichi.Ruleset`: the frozen, compiled rule options.

use std::sync::Arc;

use mahjong_core::Error;
use mahjong_core::riichi::{Preset, Ruleset, Value};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

use crate::convert::{int_value, type_name};
use crate::errors::IntoPyResult;

/// A Riichi ruleset: every option of the rules spec (§4), frozen and compiled once.
///
/// Start from a preset (`Ruleset.preset("tenhou")`; `"seed"`, `"tenhou"`, `"mahjongsoul"`,
/// `"wrc"`, `"ema"`, `"mleague"`) and change options with `replace(kiriage=True)`. Options read
/// as attributes (`rules.kiriage`). An unknown option or a value it does not accept raises
/// InvalidRuleError listing what is valid. `Ruleset()` is the seed preset.
#[pyclass(
    name = "Ruleset",
    module = "mahjong.riichi",
    frozen,
    skip_from_py_object
)]
#[derive(Clone)]
pub(crate) struct PyRuleset {
    pub(crate) rules: Arc<Ruleset>,
    /// The preset it started from, for `repr`.
    preset: Preset,
}

impl PyRuleset {
    /// The seed preset.
    pub(crate) fn seed() -> Self {
        Self {
            rules: Arc::new(Ruleset::preset(Preset::Seed)),
            preset: Preset::Seed,
        }
    }

    fn with(&self, rules: Ruleset) -> Self {
        Self {
            rules: Arc::new(rules),
            preset: self.preset,
        }
    }
}

/// Converts a Python value into an option value; `name` is for the error message.
fn to_value(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    option_value(name, obj, Ruleset::allowed)
}

/// Converts a Python value into an option value; `name` and `allowed` (what the option
/// accepts, in words) word the error.
pub(crate) fn option_value(
    name: &str,
    obj: &Bound<'_, PyAny>,
    allowed: fn(&str) -> mahjong_core::Result<String>,
) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::None);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Some(i) = int_value(obj) {
        return Ok(Value::Int(i));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::Str(s.to_cow()?.into_owned()));
    }
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let items: PyResult<Vec<Value>> = obj
            .try_iter()?
            .map(|item| option_value(name, &item?, allowed))
            .collect();
        return Ok(Value::List(items?));
    }
    Err(Error::rule(format!(
        "option {name} cannot be a {}; it accepts {}",
        type_name(obj),
        allowed(name).unwrap_or_default()
    )))
    .py()
}

/// Converts an option value into a Python object.
pub(crate) fn from_value<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Str(s) => PyString::new(py, s).into_any(),
        Value::None => py.None().into_bound(py),
        Value::List(items) => {
            let items: PyResult<Vec<_>> = items.iter().map(|v| from_value(py, v)).collect();
            PyList::new(py, items?)?.into_any()
        }
    })
}

/// Applies `(name, value)` pairs from a dict-like object to `rules`.
fn apply(rules: &mut Ruleset, items: &Bound<'_, PyDict>) -> PyResult<()> {
    for (key, value) in items.iter() {
        let name = key.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("option names are strings, got {}", type_name(&key)))
        })?;
        let name = name.to_cow()?;
        rules.set(&name, &to_value(&name, &value)?).py()?;
    }
    Ok(())
}

#[pymethods]
impl PyRuleset {
    #[new]
    fn new() -> Self {
        Self::seed()
    }

    /// A named preset: "seed", "tenhou", "mahjongsoul", "wrc", "ema" or "mleague".
    #[staticmethod]
    fn preset(name: &str) -> PyResult<Self> {
        let preset = Preset::parse(name).py()?;
        Ok(Self {
            rules: Arc::new(Ruleset::preset(preset)),
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
        Ruleset::OPTIONS
            .iter()
            .map(|&name| (name, Ruleset::allowed(name).unwrap_or_default()))
            .collect()
    }

    /// A copy with some options changed, e.g. `replace(kiriage=True, kazoe="sanbaiman")`.
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut rules = (*self.rules).clone();
        if let Some(changes) = changes {
            apply(&mut rules, changes)?;
        }
        Ok(self.with(rules))
    }

    /// Every option and its value (strings, ints, bools, lists, None).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, value) in self.rules.values() {
            out.set_item(name, from_value(py, &value)?)?;
        }
        Ok(out)
    }

    /// Builds from a dict of options: a `preset` key (default "seed") gives the starting
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
            None => Preset::Seed,
        };
        let mut rules = Ruleset::preset(preset);
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
            Err(_) => Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "Ruleset has no option {name:?}"
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
        let base = Ruleset::preset(self.preset);
        let changes: Vec<String> = self
            .rules
            .values()
            .into_iter()
            .filter(|(name, value)| base.get(name).ok().as_ref() != Some(value))
            .map(|(name, value)| format!("{name}={}", python_literal(&value)))
            .collect();
        let preset = format!("Ruleset.preset('{}')", self.preset.name());
        if changes.is_empty() {
            preset
        } else {
            format!("{preset}.replace({})", changes.join(", "))
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let py = slf.py();
        let dict = slf.get().to_dict(py)?;
        dict.set_item("preset", slf.get().preset.name())?;
        Ok((slf.get_type().getattr("from_dict")?, (dict,)))
    }
}

/// A value as Python source, for `repr`.
pub(crate) fn python_literal(value: &Value) -> String {
    match value {
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Int(i) => i.to_string(),
        Value::Str(s) => format!("'{s}'"),
        Value::None => "None".to_owned(),
        Value::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(python_literal)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
