//! Exception classes of `mahjong.errors` and the mapping from core errors.

use mahjong_core::{Error, ErrorKind};
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    mahjong.errors,
    MahjongError,
    PyValueError,
    "Base class of every error the mahjong package raises for bad input."
);
create_exception!(
    mahjong.errors,
    InvalidTileError,
    MahjongError,
    "A tile that does not exist: a bad string, id, kind or count."
);
create_exception!(
    mahjong.errors,
    InvalidHandError,
    MahjongError,
    "Tiles that cannot be the hand a call needs (wrong size, too many copies)."
);
create_exception!(
    mahjong.errors,
    InvalidMeldError,
    MahjongError,
    "A meld whose tiles, called tile or source do not fit its kind."
);
create_exception!(
    mahjong.errors,
    InvalidArgumentError,
    MahjongError,
    "An argument outside its documented values (an unknown mode, a bad array shape)."
);
create_exception!(
    mahjong.errors,
    CardFormatError,
    MahjongError,
    "An American card file that breaks the card format or its validation rules."
);

create_exception!(
    mahjong.errors,
    InvalidRuleError,
    MahjongError,
    "An unknown rule option, or a value the option does not accept."
);

create_exception!(
    mahjong.errors,
    IllegalActionError,
    MahjongError,
    "An action a player may not take now (not their turn, not among the legal actions)."
);

/// Converts a core error into the matching Python exception.
pub(crate) fn to_pyerr(error: Error) -> PyErr {
    let message = error.message().to_owned();
    match error.kind() {
        ErrorKind::InvalidTile => InvalidTileError::new_err(message),
        ErrorKind::InvalidHand => InvalidHandError::new_err(message),
        ErrorKind::InvalidMeld => InvalidMeldError::new_err(message),
        ErrorKind::InvalidArgument => InvalidArgumentError::new_err(message),
        ErrorKind::InvalidRule => InvalidRuleError::new_err(message),
        ErrorKind::CardFormat => CardFormatError::new_err(message),
    }
}

/// `.py()` turns a core `Result` into a `PyResult`.
pub(crate) trait IntoPyResult<T> {
    fn py(self) -> pyo3::PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    fn py(self) -> pyo3::PyResult<T> {
        self.map_err(to_pyerr)
    }
}
