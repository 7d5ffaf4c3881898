//! Shanten of the third-party "ara" sets in `../shared/data` (skipped when absent).

use std::path::PathBuf;

use mahjong_core::shanten::{self, Form};

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    dir.is_dir().then_some(dir)
}

fn check_file(path: PathBuf) -> usize {
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for (line_no, line) in text.lines().enumerate() {
        let values: Vec<i64> = line
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let (tiles, expected) = values.split_at(values.len() - 3);
        let mut counts = [0u8; 34];
        for &t in tiles {
            counts[t as usize] += 1;
        }
        let got = [Form::Standard, Form::Kokushi, Form::Chiitoitsu]
            .map(|f| i64::from(shanten::shanten(&counts, f).unwrap()));
        assert_eq!(got, expected, "{}:{}: {line}", path.display(), line_no + 1);
        checked += 1;
    }
    checked
}

#[test]
fn ara_sets_match() {
    let Some(dir) = data_dir() else {
        eprintln!("skipped: ../shared/data not found");
        return;
    };
    let mut total = 0;
    for (folder, prefix) in [("shanten_ara", "p_"), ("shanten13_derived", "p13_")] {
        for kind in ["normal", "hon", "tin", "koku"] {
            total += check_file(
                dir.join(folder)
                    .join(format!("{prefix}{kind}_first5000.txt")),
            );
        }
    }
    assert_eq!(total, 39_998);
}
