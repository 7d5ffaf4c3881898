//! Log records and their values as Python objects: the one conversion behind every event
//! dict, outcome field and reason parameter of both families (the vocabulary itself is the
//! core's).

use mahjong_core::log::{Json, Record};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

/// A JSON value as a Python object; strings are interned (tile names repeat endlessly).
pub(crate) fn to_py<'py>(py: Python<'py>, value: &Json) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Json::Null => py.None().into_bound(py),
        Json::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Json::Int(i) => i.into_pyobject(py)?.into_any(),
        Json::Uint(u) => u.into_pyobject(py)?.into_any(),
        Json::Str(s) => PyString::intern(py, s).into_any(),
        Json::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Json::Object(fields) => fields_dict(py, fields)?.into_any(),
    })
}

/// Named values as a dict, in order.
pub(crate) fn fields_dict<'py>(
    py: Python<'py>,
    fields: &[(&'static str, Json)],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, value) in fields {
        d.set_item(PyString::intern(py, name), to_py(py, value)?)?;
    }
    Ok(d)
}

/// A message of the core's catalogue as a dict: "key" and "params" (see `CATALOGUE`).
pub(crate) fn message_dict<'py>(
    py: Python<'py>,
    key: &str,
    params: &[(&'static str, Json)],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(pyo3::intern!(py, "key"), key)?;
    d.set_item(pyo3::intern!(py, "params"), fields_dict(py, params)?)?;
    Ok(d)
}

/// A record as a dict: `type` first, then its fields in order.
pub(crate) fn record_dict<'py>(py: Python<'py>, record: &Record) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        pyo3::intern!(py, "type"),
        PyString::intern(py, record.kind()),
    )?;
    for (name, value) in record.fields() {
        d.set_item(PyString::intern(py, name), to_py(py, value)?)?;
    }
    Ok(d)
}

/// Records as a list of dicts.
pub(crate) fn record_list<'py>(
    py: Python<'py>,
    records: impl IntoIterator<Item = Record>,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for record in records {
        list.append(record_dict(py, &record)?)?;
    }
    Ok(list)
}

/// A field order table as a dict of tuples.
pub(crate) fn field_order<'py>(
    py: Python<'py>,
    order: mahjong_core::log::FieldOrder,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (kind, fields) in order {
        d.set_item(*kind, pyo3::types::PyTuple::new(py, fields.iter())?)?;
    }
    Ok(d)
}
