//! The read-only records inside observations (a player's public side, a discard, a meld, an
//! exposure) as `types.MappingProxyType` views of dicts, the tile names they hold as shared
//! string objects, and [`Memo`] and [`Kept`], which keep the views of a deal's unchanged
//! parts from one observation to the next so that reading an observation costs little.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyMappingProxy, PyString, PyTuple};

/// `value` as plain data: each read-only view (inside tuples and lists too) as a dict of plain
/// values; anything else as it is.
pub(crate) fn plain<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    if let Ok(view) = value.cast::<PyMappingProxy>() {
        let d = PyDict::new(py);
        for item in view.items()?.iter() {
            let (key, item) = item.extract::<(Bound<'py, PyAny>, Bound<'py, PyAny>)>()?;
            d.set_item(key, plain(&item)?)?;
        }
        return Ok(d.into_any());
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        let items = tuple.iter().map(|item| plain(&item));
        return Ok(PyTuple::new(py, items.collect::<PyResult<Vec<_>>>()?)?.into_any());
    }
    if let Ok(list) = value.cast::<PyList>() {
        let items = list.iter().map(|item| plain(&item));
        return Ok(PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)?.into_any());
    }
    Ok(value.clone())
}

/// A read-only view (`types.MappingProxyType`) of a dict with `fields`, in order.
pub(crate) fn view<'py>(
    py: Python<'py>,
    fields: &[(&Bound<'py, PyString>, Bound<'py, PyAny>)],
) -> PyResult<Py<PyAny>> {
    let d = PyDict::new(py);
    for (k, v) in fields {
        d.set_item(k, v)?;
    }
    Ok(PyMappingProxy::new(py, d.as_mapping()).into_any().unbind())
}

/// Views that depend only on a small index (a discard's tile and flags), each made once and
/// shared by every deal: views never change, so one object serves them all.
pub(crate) struct Shared<const N: usize> {
    cells: PyOnceLock<Vec<PyOnceLock<Py<PyAny>>>>,
}

impl<const N: usize> Shared<N> {
    /// No view made yet.
    pub(crate) const fn new() -> Self {
        Self {
            cells: PyOnceLock::new(),
        }
    }

    /// View `index` (below `N`), made with `make` the first time.
    pub(crate) fn get(
        &self,
        py: Python<'_>,
        index: usize,
        make: impl FnOnce() -> PyResult<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let cells = self
            .cells
            .get_or_init(py, || (0..N).map(|_| PyOnceLock::new()).collect());
        cells[index % N]
            .get_or_try_init(py, make)
            .map(|view| view.clone_ref(py))
    }
}

/// A shared string object for each name of `names`, made once.
pub(crate) struct Names {
    names: &'static [&'static str],
    cell: PyOnceLock<Vec<Py<PyString>>>,
}

impl Names {
    /// The names `names` (indexed as given).
    pub(crate) const fn new(names: &'static [&'static str]) -> Self {
        Self {
            names,
            cell: PyOnceLock::new(),
        }
    }

    /// Every name, made the first time.
    fn all<'py>(&self, py: Python<'py>) -> &[Py<PyString>] {
        self.cell.get_or_init(py, || {
            self.names
                .iter()
                .map(|n| PyString::intern(py, n).unbind())
                .collect()
        })
    }

    /// Name `index` (the last name for an index out of range).
    pub(crate) fn get<'py>(&self, py: Python<'py>, index: usize) -> Bound<'py, PyString> {
        let all = self.all(py);
        all[index.min(all.len() - 1)].bind(py).clone()
    }

    /// Names `indices` as a list (each index as [`Self::get`] reads it).
    pub(crate) fn list<'py, I>(&self, py: Python<'py>, indices: I) -> PyResult<Bound<'py, PyList>>
    where
        I: IntoIterator<Item = usize>,
        I::IntoIter: ExactSizeIterator,
    {
        let all = self.all(py);
        let last = all.len() - 1;
        PyList::new(py, indices.into_iter().map(|i| all[i.min(last)].bind(py)))
    }
}

/// The views of the items of a list that grows and sometimes changes (a pond, melds): each
/// item's view is made once and kept while the item is unchanged, and so is the tuple of them.
pub(crate) struct Memo<T> {
    items: Vec<(T, Py<PyAny>)>,
    tuple: Option<Py<PyTuple>>,
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            tuple: None,
        }
    }
}

impl<T: Clone + PartialEq> Memo<T> {
    /// The views of `items` as a tuple, made with `make` where an item is new or changed.
    pub(crate) fn tuple<'py>(
        &mut self,
        py: Python<'py>,
        items: &[T],
        make: impl Fn(Python<'py>, &T) -> PyResult<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut changed = self.items.len() != items.len();
        self.items.truncate(items.len());
        for (i, item) in items.iter().enumerate() {
            match self.items.get(i) {
                Some((kept, _)) if kept == item => {}
                Some(_) => {
                    self.items[i] = (item.clone(), make(py, item)?);
                    changed = true;
                }
                None => {
                    self.items.push((item.clone(), make(py, item)?));
                    changed = true;
                }
            }
        }
        if let Some(tuple) = self.tuple.as_ref().filter(|_| !changed) {
            return Ok(tuple.bind(py).clone());
        }
        let tuple = PyTuple::new(py, self.items.iter().map(|(_, v)| v.bind(py)))?;
        self.tuple = Some(tuple.clone().unbind());
        Ok(tuple)
    }
}

/// A read-only view of a dict made from an input (a player's public side), kept while the
/// input is unchanged; when it changes, the new view's dict is the last one copied with only
/// the changed fields set again (one field of four or five changes at a step).
pub(crate) struct Kept<T> {
    kept: Option<(T, Py<PyDict>, Py<PyAny>)>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Self { kept: None }
    }
}

impl<T: Clone + PartialEq> Kept<T> {
    /// The view of `input`: the kept one when `input` is unchanged, else one whose fields
    /// `fill` sets (all of them for the first input, in their order; see [`Fields::set`]).
    pub(crate) fn view<'py>(
        &mut self,
        py: Python<'py>,
        input: &T,
        fill: impl FnOnce(&Fields<'_, 'py, T>) -> PyResult<()>,
    ) -> PyResult<Py<PyAny>> {
        let (dict, old) = match &self.kept {
            Some((kept, _, view)) if kept == input => return Ok(view.clone_ref(py)),
            Some((kept, dict, _)) => (dict.bind(py).copy()?, Some(kept)),
            None => (PyDict::new(py), None),
        };
        fill(&Fields { dict: &dict, old })?;
        let view = PyMappingProxy::new(py, dict.as_mapping())
            .into_any()
            .unbind();
        self.kept = Some((input.clone(), dict.unbind(), view.clone_ref(py)));
        Ok(view)
    }
}

/// The fields of a [`Kept`]'s new dict, set where the input changed.
pub(crate) struct Fields<'a, 'py, T> {
    dict: &'a Bound<'py, PyDict>,
    /// The input the copied dict was made from (None: a new dict).
    old: Option<&'a T>,
}

impl<'py, T> Fields<'_, 'py, T> {
    /// Sets `key` to `value()` unless the dict is a copy whose input has this field as the
    /// new one has it (`same(old input)`).
    pub(crate) fn set<V: IntoPyObject<'py>>(
        &self,
        key: &Bound<'py, PyString>,
        same: impl FnOnce(&T) -> bool,
        value: impl FnOnce() -> PyResult<V>,
    ) -> PyResult<()> {
        if self.old.is_some_and(same) {
            return Ok(());
        }
        self.dict.set_item(key, value()?)
    }
}
