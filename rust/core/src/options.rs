//! Rule options of both families: dynamically typed values and the `choice!` and
//! `option_table!` macros behind the Riichi [`crate::riichi::Ruleset`] and the American
//! [`crate::american::game::Rules`] (by-name reading and writing, presets, checks).

use std::num::NonZeroU8;

use crate::error::{Error, Result};

/// A dynamically typed option value, as read from a dict or TOML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A name, e.g. `"hanchan"`.
    Str(String),
    /// No value (`None` in Python, `"none"` in TOML).
    None,
    /// A list of values.
    List(Vec<Value>),
}

impl Value {
    /// How the value is written in messages and TOML.
    pub fn describe(&self) -> String {
        match self {
            Self::Bool(b) => b.to_string(),
            Self::Int(i) => i.to_string(),
            Self::Str(s) => format!("{s:?}"),
            Self::None => "\"none\"".to_owned(),
            Self::List(items) => {
                format!(
                    "[{}]",
                    items
                        .iter()
                        .map(Value::describe)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        }
    }
}

/// A type an option can have.
pub(crate) trait OptionType: Sized {
    fn to_value(&self) -> Value;
    fn from_value(value: &Value) -> Option<Self>;
    /// The accepted values, for error messages and `Ruleset.options()`.
    fn allowed() -> String;
}

/// Converts `value` for option `name`, or says what the option accepts.
pub(crate) fn convert<T: OptionType>(name: &str, value: &Value) -> Result<T> {
    T::from_value(value).ok_or_else(|| {
        Error::rule(format!(
            "option {name} cannot be {}; it accepts {}",
            value.describe(),
            T::allowed()
        ))
    })
}

impl OptionType for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn allowed() -> String {
        "true or false".to_owned()
    }
}

/// The largest amount of points a ruleset option accepts (start points, honba, deposits...).
pub const MAX_POINTS: u32 = 10_000_000;

/// The largest score a seat may start a deal or game with, in either sign (both families): far
/// beyond any game, and far enough from the limits of `i64` that no payment can overflow.
pub const MAX_SCORE: i64 = 1_000_000_000_000;

/// Checks that every score of `scores` is within ±[`MAX_SCORE`].
pub fn check_scores(scores: &[i64; 4]) -> crate::error::Result<()> {
    match scores
        .iter()
        .find(|s| s.unsigned_abs() > MAX_SCORE.unsigned_abs())
    {
        Some(s) => Err(Error::argument(format!(
            "score {s} is out of range -{MAX_SCORE}..={MAX_SCORE}"
        ))),
        None => Ok(()),
    }
}

fn points(value: &Value) -> Option<u32> {
    match value {
        Value::Int(i) => u32::try_from(*i).ok().filter(|&p| p <= MAX_POINTS),
        _ => None,
    }
}

fn is_none(value: &Value) -> bool {
    matches!(value, Value::None) || matches!(value, Value::Str(s) if s == "none")
}

/// Points (an integer from 0 to [`MAX_POINTS`]).
impl OptionType for u32 {
    fn to_value(&self) -> Value {
        Value::Int(i64::from(*self))
    }
    fn from_value(value: &Value) -> Option<Self> {
        points(value)
    }
    fn allowed() -> String {
        format!("an integer from 0 to {MAX_POINTS}")
    }
}

/// An optional amount of points: an integer from 0 to [`MAX_POINTS`], or `none`.
impl OptionType for Option<u32> {
    fn to_value(&self) -> Value {
        self.map_or(Value::None, |v| Value::Int(i64::from(v)))
    }
    fn from_value(value: &Value) -> Option<Self> {
        if is_none(value) {
            return Some(None);
        }
        points(value).map(Some)
    }
    fn allowed() -> String {
        format!("an integer from 0 to {MAX_POINTS} or \"none\"")
    }
}

/// An optional positive count (a cap): 1 to 255, or `none`.
impl OptionType for Option<NonZeroU8> {
    fn to_value(&self) -> Value {
        self.map_or(Value::None, |v| Value::Int(i64::from(v.get())))
    }
    fn from_value(value: &Value) -> Option<Self> {
        if is_none(value) {
            return Some(None);
        }
        match value {
            Value::Int(i) => u8::try_from(*i).ok().and_then(NonZeroU8::new).map(Some),
            _ => None,
        }
    }
    fn allowed() -> String {
        "an integer from 1 to 255 or \"none\"".to_owned()
    }
}

/// Declares an enum option type whose values are names (or small integers).
macro_rules! choice {
    ($(#[$meta:meta])* $name:ident: str { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $crate::options::OptionType for $name {
            fn to_value(&self) -> $crate::options::Value {
                $crate::options::Value::Str(match self { $(Self::$variant => $text),+ }.to_owned())
            }
            fn from_value(value: &$crate::options::Value) -> Option<Self> {
                match value {
                    $crate::options::Value::Str(s) => match s.as_str() {
                        $($text => Some(Self::$variant),)+
                        _ => None,
                    },
                    _ => None,
                }
            }
            fn allowed() -> String {
                [$(concat!("\"", $text, "\"")),+].join(", ")
            }
        }
    };
    ($(#[$meta:meta])* $name:ident: int { $($(#[$vmeta:meta])* $variant:ident = $number:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// The numeric value.
            pub fn get(self) -> u32 {
                match self { $(Self::$variant => $number),+ }
            }
        }

        impl $crate::options::OptionType for $name {
            fn to_value(&self) -> $crate::options::Value {
                $crate::options::Value::Int(i64::from(self.get()))
            }
            fn from_value(value: &$crate::options::Value) -> Option<Self> {
                match value {
                    $($crate::options::Value::Int($number) => Some(Self::$variant),)+
                    _ => None,
                }
            }
            fn allowed() -> String {
                [$(stringify!($number)),+].join(", ")
            }
        }
    };
}

pub(crate) use choice;

/// Declares an options struct from one table: each option's field, type and value in every
/// column (one per preset the table states in full, in the order of the preset enum's
/// variants), with `OPTIONS`, `column`, `get`, `set` and `set_all` (atomic: values the
/// struct's `check` refuses change nothing), `allowed` and `values`. Each family's `preset`
/// reads a column (and may change some options of it: a preset derived from another). `$what`
/// names the options in messages ("rule", "American rule").
macro_rules! option_table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident for $preset:ident, $what:literal {
            $($(#[doc = $doc:literal])* $field:ident: $ty:ty = [$($value:expr),+ $(,)?]),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            $($(#[doc = $doc])* pub $field: $ty,)+
        }

        impl $name {
            /// Option names, in table order.
            pub const OPTIONS: &'static [&'static str] = &[$(stringify!($field)),+];

            /// The values of column `at` of the table (a preset stated in full).
            fn column(at: usize) -> Self {
                Self { $($field: [$($value),+][at].clone()),+ }
            }

            /// The value of option `name`.
            pub fn get(&self, name: &str) -> $crate::error::Result<$crate::options::Value> {
                use $crate::options::OptionType;
                match name {
                    $(stringify!($field) => Ok(self.$field.to_value()),)+
                    _ => Err(Self::unknown_option(name)),
                }
            }

            /// Sets option `name`; an unknown name, a value the option does not accept, or a
            /// combination `check` refuses is an error naming it, and changes nothing.
            pub fn set(
                &mut self,
                name: &str,
                value: &$crate::options::Value,
            ) -> $crate::error::Result<()> {
                self.set_all(&[(name, value.clone())])
            }

            /// Sets several options at once, checked together (options that must agree, such
            /// as a player count and its placement points, change in one step); the first bad
            /// name or value, or a combination `check` refuses, is an error and changes
            /// nothing.
            pub fn set_all<N: AsRef<str>>(
                &mut self,
                changes: &[(N, $crate::options::Value)],
            ) -> $crate::error::Result<()> {
                let mut next = self.clone();
                for (name, value) in changes {
                    let name = name.as_ref();
                    match name {
                        $(stringify!($field) => {
                            next.$field = $crate::options::convert(name, value)?;
                        })+
                        _ => return Err(Self::unknown_option(name)),
                    }
                }
                next.check()?;
                *self = next;
                Ok(())
            }

            /// What option `name` accepts, in words.
            pub fn allowed(name: &str) -> $crate::error::Result<String> {
                use $crate::options::OptionType;
                match name {
                    $(stringify!($field) => Ok(<$ty as OptionType>::allowed()),)+
                    _ => Err(Self::unknown_option(name)),
                }
            }

            /// Every option with its value, in table order.
            pub fn values(&self) -> Vec<(&'static str, $crate::options::Value)> {
                Self::OPTIONS
                    .iter()
                    .map(|&name| (name, self.get(name).unwrap_or($crate::options::Value::None)))
                    .collect()
            }

            fn unknown_option(name: &str) -> $crate::error::Error {
                $crate::error::Error::rule(format!(
                    concat!("unknown ", $what, " option {:?}; valid options: {}"),
                    name,
                    Self::OPTIONS.join(", ")
                ))
            }
        }
    };
}

pub(crate) use option_table;
