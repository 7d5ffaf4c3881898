//! `mahjong.Reason`: why an action is missing or refused, for either family, as the core
//! decided it (`Deal.blocked(seat)`, `IllegalActionError.reason`).

use mahjong_core::log::Json;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::log::fields_dict;

/// Why an action a player might expect is not offered, or why one was refused.
///
/// `kind` is the reason's id (e.g. "riichi_min_points", "furiten", "joker_not_passable"),
/// `key` its entry in `mahjong.CATALOGUE` (e.g. "reason.riichi_min_points"; a table words it
/// from the key and `params`), `action` the kind of action it concerns ("riichi", "ron", "call", "expose", ... or None for
/// reasons about whose move it is), `params` its parameters (e.g. {"points": 1000}) and
/// `message` the reason in words. Values compare equal when kind and params are equal, so a
/// refused action's `IllegalActionError.reason` can be found in `Deal.blocked(seat)`.
#[pyclass(
    name = "Reason",
    module = "mahjong",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyReason {
    kind: &'static str,
    key: &'static str,
    action: Option<&'static str>,
    params: Vec<(&'static str, Json)>,
    message: String,
}

impl PyReason {
    /// A Riichi reason (tiles named with red fives when `red_fives`).
    pub(crate) fn riichi(reason: &mahjong_core::riichi::game::Reason, red_fives: bool) -> Self {
        Self {
            kind: reason.name(),
            key: reason.key(),
            action: reason.action(),
            params: reason.params(red_fives),
            message: reason.to_string(),
        }
    }

    /// An action code that names nothing now (the same id as the families' `NotOffered`).
    pub(crate) fn not_offered(message: String) -> Self {
        Self {
            kind: "not_offered",
            key: "reason.not_offered",
            action: None,
            params: Vec::new(),
            message,
        }
    }

    /// The reason in words.
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// An American reason.
    pub(crate) fn american(reason: &mahjong_core::american::game::Reason) -> Self {
        Self {
            kind: reason.name(),
            key: reason.key(),
            action: reason.action(),
            params: reason.params(),
            message: reason.to_string(),
        }
    }
}

#[pymethods]
impl PyReason {
    /// The reason's id, e.g. "riichi_min_points".
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// Its catalogue key, e.g. "reason.riichi_min_points" (`mahjong.CATALOGUE`).
    #[getter]
    fn key(&self) -> &'static str {
        self.key
    }

    /// The kind of action it concerns, or None.
    #[getter]
    fn action(&self) -> Option<&'static str> {
        self.action
    }

    /// Its parameters by name.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fields_dict(py, &self.params)
    }

    /// The reason in words.
    #[getter(message)]
    fn py_message(&self) -> &str {
        &self.message
    }

    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(name, value)| format!("{name}={}", python_literal(value)))
            .collect();
        let mut parts = vec![format!("'{}'", self.kind)];
        parts.extend(params);
        format!("Reason({})", parts.join(", "))
    }
}

/// A value as Python source, for `repr`.
fn python_literal(value: &Json) -> String {
    match value {
        Json::Null => "None".to_owned(),
        Json::Bool(true) => "True".to_owned(),
        Json::Bool(false) => "False".to_owned(),
        Json::Int(i) => i.to_string(),
        Json::Uint(u) => u.to_string(),
        Json::Str(s) => format!("'{s}'"),
        Json::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(python_literal)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Json::Object(fields) => format!(
            "{{{}}}",
            fields
                .iter()
                .map(|(k, v)| format!("'{k}': {}", python_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
