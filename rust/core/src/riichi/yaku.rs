//! The yaku and yakuman of spec §2: names and han. Detection lives in [`super::evaluate`].

use crate::wind::Wind;

/// Declares the yaku table: variant, romaji id, English name, closed han, open han (0 = closed
/// only). The order is the order results list them (Tenhou's).
macro_rules! yaku_table {
    ($($variant:ident = $romaji:literal, $english:literal, $closed:literal, $open:literal;)+) => {
        /// A yaku (or dora count) that adds han.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Yaku { $($variant),+ }

        impl Yaku {
            /// Every yaku, in listing order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Stable identifier in romaji, e.g. `"tanyao"`.
            pub fn romaji(self) -> &'static str {
                match self { $(Self::$variant => $romaji),+ }
            }

            /// English name, e.g. `"All Simples"`.
            pub fn english(self) -> &'static str {
                match self { $(Self::$variant => $english),+ }
            }

            /// Han in a closed hand, and in an open hand (0 = not available open).
            pub fn han(self) -> (u8, u8) {
                match self { $(Self::$variant => ($closed, $open)),+ }
            }
        }
    };
}

yaku_table! {
    MenzenTsumo = "menzen_tsumo", "Fully Concealed Hand", 1, 0;
    Riichi = "riichi", "Riichi", 1, 0;
    OpenRiichi = "open_riichi", "Open Riichi", 2, 0;
    Ippatsu = "ippatsu", "Ippatsu", 1, 0;
    Chankan = "chankan", "Robbing a Kan", 1, 1;
    Rinshan = "rinshan_kaihou", "After a Kan", 1, 1;
    Haitei = "haitei", "Under the Sea", 1, 1;
    Houtei = "houtei", "Under the River", 1, 1;
    Pinfu = "pinfu", "Pinfu", 1, 0;
    Tanyao = "tanyao", "All Simples", 1, 1;
    Iipeikou = "iipeikou", "Pure Double Sequence", 1, 0;
    SeatEast = "seat_wind_east", "Seat Wind East", 1, 1;
    SeatSouth = "seat_wind_south", "Seat Wind South", 1, 1;
    SeatWest = "seat_wind_west", "Seat Wind West", 1, 1;
    SeatNorth = "seat_wind_north", "Seat Wind North", 1, 1;
    RoundEast = "round_wind_east", "Round Wind East", 1, 1;
    RoundSouth = "round_wind_south", "Round Wind South", 1, 1;
    RoundWest = "round_wind_west", "Round Wind West", 1, 1;
    RoundNorth = "round_wind_north", "Round Wind North", 1, 1;
    Haku = "yakuhai_haku", "White Dragon", 1, 1;
    Hatsu = "yakuhai_hatsu", "Green Dragon", 1, 1;
    Chun = "yakuhai_chun", "Red Dragon", 1, 1;
    DoubleRiichi = "double_riichi", "Double Riichi", 2, 0;
    DoubleOpenRiichi = "double_open_riichi", "Double Open Riichi", 3, 0;
    Chiitoitsu = "chiitoitsu", "Seven Pairs", 2, 0;
    Chanta = "chanta", "Half Outside Hand", 2, 1;
    Ittsu = "ittsu", "Pure Straight", 2, 1;
    SanshokuDoujun = "sanshoku_doujun", "Mixed Triple Sequence", 2, 1;
    SanshokuDoukou = "sanshoku_doukou", "Triple Triplets", 2, 2;
    Sankantsu = "sankantsu", "Three Kans", 2, 2;
    Toitoi = "toitoi", "All Triplets", 2, 2;
    Sanankou = "sanankou", "Three Concealed Triplets", 2, 2;
    Shousangen = "shousangen", "Little Three Dragons", 2, 2;
    Honroutou = "honroutou", "All Terminals and Honours", 2, 2;
    Ryanpeikou = "ryanpeikou", "Twice Pure Double Sequence", 3, 0;
    Junchan = "junchan", "Fully Outside Hand", 3, 2;
    Honitsu = "honitsu", "Half Flush", 3, 2;
    Chinitsu = "chinitsu", "Full Flush", 6, 5;
    Renhou = "renhou", "Blessing of Man", 5, 0;
    Dora = "dora", "Dora", 0, 0;
    UraDora = "ura_dora", "Ura Dora", 0, 0;
    AkaDora = "aka_dora", "Red Fives", 0, 0;
    Nukidora = "nukidora", "North Dora", 0, 0;
}

impl Yaku {
    /// Seat-wind yaku for wind `w`.
    pub fn seat_wind(w: Wind) -> Self {
        [
            Self::SeatEast,
            Self::SeatSouth,
            Self::SeatWest,
            Self::SeatNorth,
        ][w.index()]
    }

    /// Round-wind yaku for wind `w`.
    pub fn round_wind(w: Wind) -> Self {
        [
            Self::RoundEast,
            Self::RoundSouth,
            Self::RoundWest,
            Self::RoundNorth,
        ][w.index()]
    }

    /// Dragon yaku for dragon kind `k` (31 white, 32 green, 33 red).
    pub fn dragon(k: u8) -> Self {
        [Self::Haku, Self::Hatsu, Self::Chun][usize::from(k.saturating_sub(31).min(2))]
    }
}

/// Declares the yakuman table: variant, romaji, English name, units when double yakuman are on.
macro_rules! yakuman_table {
    ($($variant:ident = $romaji:literal, $english:literal, $double:literal;)+) => {
        /// A yakuman.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Yakuman { $($variant),+ }

        impl Yakuman {
            /// Every yakuman, in listing order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Stable identifier in romaji, e.g. `"daisangen"`.
            pub fn romaji(self) -> &'static str {
                match self { $(Self::$variant => $romaji),+ }
            }

            /// English name.
            pub fn english(self) -> &'static str {
                match self { $(Self::$variant => $english),+ }
            }

            /// Units with the `double_yakuman` option on (2 for the double forms).
            pub fn double_units(self) -> u8 {
                match self { $(Self::$variant => $double),+ }
            }
        }
    };
}

yakuman_table! {
    Renhou = "renhou", "Blessing of Man", 1;
    Tenhou = "tenhou", "Blessing of Heaven", 1;
    Chiihou = "chiihou", "Blessing of Earth", 1;
    Daisangen = "daisangen", "Big Three Dragons", 1;
    Suuankou = "suuankou", "Four Concealed Triplets", 1;
    SuuankouTanki = "suuankou_tanki", "Four Concealed Triplets, Single Wait", 2;
    Tsuuiisou = "tsuuiisou", "All Honours", 1;
    Ryuuiisou = "ryuuiisou", "All Green", 1;
    Chinroutou = "chinroutou", "All Terminals", 1;
    Chuuren = "chuuren_poutou", "Nine Gates", 1;
    JunseiChuuren = "junsei_chuuren_poutou", "True Nine Gates", 2;
    Kokushi = "kokushi_musou", "Thirteen Orphans", 1;
    Kokushi13 = "kokushi_musou_13", "Thirteen Orphans, 13-sided Wait", 2;
    Daisuushii = "daisuushii", "Big Four Winds", 2;
    Shousuushii = "shousuushii", "Little Four Winds", 1;
    Suukantsu = "suukantsu", "Four Kans", 1;
    Daisharin = "daisharin", "Big Wheels", 1;
    Daichisei = "daichisei", "Big Seven Stars", 2;
}
