//! Reading a card source: a file path or TOML text.
//!
//! A path is read only if it names a regular file of at most `MAX_CARD_BYTES` (so `/dev/zero`
//! or a FIFO is refused at once instead of growing without end or blocking); its bytes must be
//! UTF-8. Text that is not valid Unicode (a lone surrogate) is a `CardFormatError` too.

use std::io::Read;
use std::path::{Path, PathBuf};

use mahjong_core::Error;
use mahjong_core::american::card::MAX_CARD_BYTES;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::type_name;
use crate::errors::IntoPyResult;

/// A card source read by [`card_text`].
pub(super) enum CardSource {
    /// The contents of a file, and its path.
    File(PathBuf, String),
    /// TOML text given directly.
    Text(String),
}

/// The TOML text of a card source: an existing file (a str or os.PathLike path) is read; any
/// other str is TOML text if it has a newline or `=`, else a path (so a missing file is a
/// FileNotFoundError "no card file ...", not a TOML error).
pub(super) fn card_text(source: &Bound<'_, PyAny>) -> PyResult<CardSource> {
    let path: PathBuf = if let Ok(text) = source.cast::<PyString>() {
        match text.to_cow() {
            Ok(text) => {
                let is_file = Path::new(text.as_ref()).is_file();
                if !is_file && (text.contains('\n') || text.contains('=')) {
                    return Ok(CardSource::Text(text.into_owned()));
                }
                PathBuf::from(text.into_owned())
            }
            // Not valid Unicode: it can still name a file (os.fsdecode'd bytes), else it is
            // broken card text.
            Err(_) => match source.extract::<PathBuf>() {
                Ok(path) if path.exists() => path,
                _ => {
                    return Err(Error::card(
                        "the card text is not valid Unicode (it holds a lone surrogate)",
                    ))
                    .py();
                }
            },
        }
    } else if source.hasattr("__fspath__")? {
        let fspath = source.call_method0("__fspath__")?;
        if !fspath.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("a card path must be text, not bytes"));
        }
        fspath.extract::<PathBuf>()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a card file path or TOML text, got {}",
            type_name(source)
        )));
    };
    let py = source.py();
    let bytes = py.detach(|| read_card_file(&path))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(CardSource::File(path, text)),
        Err(e) => Err(crate::errors::to_pyerr(Error::card(format!(
            "card file {} is not UTF-8 text (byte {} is invalid); save it as UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        )))),
    }
}

/// The bytes of a regular file of at most [`MAX_CARD_BYTES`].
fn read_card_file(path: &Path) -> PyResult<Vec<u8>> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            PyFileNotFoundError::new_err(format!("no card file {shown}"))
        } else {
            PyOSError::new_err(format!("cannot read card file {shown}: {e}"))
        }
    })?;
    if !meta.is_file() {
        return Err(Error::card(format!(
            "{shown} is not a regular file, so it is not read as a card"
        )))
        .py();
    }
    let too_big = || {
        Error::card(format!(
            "card file {shown} is larger than {MAX_CARD_BYTES} bytes, the most a card may have"
        ))
    };
    if meta.len() > MAX_CARD_BYTES as u64 {
        return Err(too_big()).py();
    }
    let file = std::fs::File::open(path)
        .map_err(|e| PyOSError::new_err(format!("cannot read card file {shown}: {e}")))?;
    // The file may grow after the size check: never read more than the cap allows.
    let mut bytes = Vec::new();
    file.take(MAX_CARD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| PyOSError::new_err(format!("cannot read card file {shown}: {e}")))?;
    if bytes.len() > MAX_CARD_BYTES {
        return Err(too_big()).py();
    }
    Ok(bytes)
}
