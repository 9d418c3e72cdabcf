//! The handicaps (駒落ち): the giver (上手) plays Gote's side without some
//! pieces and moves first.

use serde::{Deserialize, Serialize};

use crate::{Position, Setup};

/// An even game or one of the nine handicaps, by the pieces the giver
/// leaves off (the "left" lance is the giver's own left, file 1).
///
/// ```
/// use shogi_rules::{Color, Handicap};
/// let position = Handicap::TwoPieces.position();
/// assert_eq!(position.turn(), Color::Gote);
/// assert_eq!(Handicap::TwoPieces.japanese(), "二枚落ち");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handicap {
    /// 平手: no handicap, Sente moves first.
    Even,
    /// 香落ち: the giver's left lance.
    Lance,
    /// 角落ち.
    Bishop,
    /// 飛車落ち.
    Rook,
    /// 飛香落ち: rook and left lance.
    RookLance,
    /// 二枚落ち: rook and bishop.
    TwoPieces,
    /// 四枚落ち: also both lances.
    FourPieces,
    /// 六枚落ち: also both knights.
    SixPieces,
    /// 八枚落ち: also both silvers.
    EightPieces,
    /// 十枚落ち: also both golds.
    TenPieces,
}

impl Handicap {
    /// Even first, then the handicaps from the smallest.
    pub const ALL: [Handicap; 10] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::FourPieces,
        Handicap::SixPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The starting position as SFEN.
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Even => crate::START_SFEN,
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPieces => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPieces => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPieces => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPieces => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPieces => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The starting position, written down.
    pub fn setup(self) -> Setup {
        self.sfen().parse().expect("handicap SFENs read")
    }

    /// The starting position.
    pub fn position(self) -> Position {
        Position::new(self.setup()).expect("handicap positions are legal")
    }

    /// The name KIF's 手合割 line uses.
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
        }
    }

    /// The handicap a KIF 手合割 name stands for.
    pub fn from_japanese(name: &str) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.japanese() == name)
    }

    /// The handicap whose starting position `setup` is, if any.
    pub fn of_setup(setup: &Setup) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.setup() == *setup)
    }
}
