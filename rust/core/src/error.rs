//! The error type of the core: every rejected input becomes one of these, never a panic.

use std::fmt;

/// What kind of input was rejected. The Python layer maps each kind to one exception class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A tile that does not exist: bad string, id, kind or count.
    InvalidTile,
    /// A set of tiles that cannot be the hand the call needs (wrong size, too many copies).
    InvalidHand,
    /// A meld whose tiles, called tile or source do not fit its kind.
    InvalidMeld,
    /// An argument value outside the documented set (an unknown mode, a bad shape).
    InvalidArgument,
    /// An unknown rule option or a value the option does not accept.
    InvalidRule,
    /// An American card file that breaks the card format or its validation rules.
    CardFormat,
}

/// A rejected input, with a message that names the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// A new error of `kind` with a human-readable `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    /// Shorthand for an [`ErrorKind::InvalidTile`] error.
    pub fn tile(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidTile, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidHand`] error.
    pub fn hand(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidHand, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidMeld`] error.
    pub fn meld(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidMeld, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidArgument`] error.
    pub fn argument(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidRule`] error.
    pub fn rule(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidRule, message)
    }

    /// Shorthand for an [`ErrorKind::CardFormat`] error.
    pub fn card(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::CardFormat, message)
    }

    /// The kind of input that was rejected.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, naming the bad value.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error with `context: ` put in front of its message.
    #[must_use]
    pub fn context(self, context: impl fmt::Display) -> Self {
        Self {
            kind: self.kind,
            message: format!("{context}: {}", self.message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Result alias used throughout the core.
pub type Result<T, E = Error> = std::result::Result<T, E>;
