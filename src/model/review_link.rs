//! Review links, `#/review/<data>`: a whole finished game of either kind
//! carried in the address, so any browser opens it with nothing stored.
//! `<data>` is the game's letter (`G` Gunjin, `S` Shogi) then its record
//! text (the rules crates' own, with the players' names on the lines
//! after it) deflated (miniz_oxide) and in base64url. A link that does not
//! read is a [`LinkError`], never a panic.

use gunjin_rules::{ByColor, Color, Record, Scoresheet, ScoresheetError};
use gunjin_table::GameTag;

/// The address of every review link, before its data.
pub const PREFIX: &str = "#/review/";

/// The most a link's text may inflate to: far above any game's record
/// (300 moves), far below what would hurt a phone.
const MAX_TEXT: usize = 64 * 1024;

/// Why a link does not open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No game's letter, or letters base64url has not: cut or mistyped.
    Garbled,
    /// The data does not inflate: cut short or changed.
    Damaged,
    /// It inflates, but the record in it does not read or replay.
    NotARecord,
}

/// A link's game and record text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub game: GameTag,
    pub text: String,
}

impl Link {
    /// The data after [`PREFIX`].
    pub fn data(&self) -> String {
        let letter = match self.game {
            GameTag::Gunjin => 'G',
            GameTag::Shogi => 'S',
        };
        let packed = miniz_oxide::deflate::compress_to_vec(self.text.as_bytes(), 10);
        format!("{letter}{}", base64url(&packed))
    }

    /// The whole address, `#/review/<data>`.
    pub fn hash(&self) -> String {
        format!("{PREFIX}{}", self.data())
    }

    /// The link in `data` (what follows [`PREFIX`]).
    pub fn read(data: &str) -> Result<Link, LinkError> {
        let game = game_of(data).ok_or(LinkError::Garbled)?;
        let packed = from_base64url(&data[1..]).ok_or(LinkError::Garbled)?;
        let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_TEXT)
            .map_err(|_| LinkError::Damaged)?;
        let text = String::from_utf8(text).map_err(|_| LinkError::Damaged)?;
        Ok(Link { game, text })
    }
}

/// The game a link's data is of, from its first letter alone (the router
/// asks, without inflating anything).
pub fn game_of(data: &str) -> Option<GameTag> {
    match data.as_bytes().first()? {
        b'G' => Some(GameTag::Gunjin),
        b'S' => Some(GameTag::Shogi),
        _ => None,
    }
}

/// A record's text and its players' names, one a line (a name's own line
/// breaks become spaces).
pub fn with_names(record: &str, names: [Option<&str>; 2]) -> String {
    let mut text = record.trim_end().to_owned();
    for name in names {
        text.push('\n');
        let name = name.unwrap_or_default();
        text.extend(name.chars().map(|c| if c.is_control() { ' ' } else { c }));
    }
    text
}

/// The record line and the names after it (missing or empty: unknown).
pub fn names_of(text: &str) -> (&str, [Option<String>; 2]) {
    let mut lines = text.lines();
    let record = lines.next().unwrap_or_default();
    let mut name = || {
        lines
            .next()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
    };
    (record, [name(), name()])
}

/// A finished Gunjin game and its players, as a review shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed {
    pub record: Record,
    pub players: ByColor<Option<String>>,
}

impl Reviewed {
    /// The link that opens this game's review.
    pub fn link(&self) -> Link {
        let names = Color::ALL.map(|side| self.players[side].as_deref());
        Link {
            game: GameTag::Gunjin,
            text: with_names(&self.record.to_string(), names),
        }
    }

    /// The game a written record tells (`Scoresheet`), if it reads and
    /// is over.
    pub fn from_written(text: &str) -> Result<Reviewed, ScoresheetError> {
        let sheet = Scoresheet::parse(text)?;
        if sheet.record.replay().is_ok_and(|g| g.outcome().is_none()) {
            return Err(ScoresheetError {
                line: None,
                reason: "the game is not over".into(),
            });
        }
        Ok(Reviewed {
            record: sheet.record,
            players: sheet.players,
        })
    }

    /// The game a Gunjin link carries; refused unless it replays to its
    /// end (a review shows everything, so nothing may be hidden still).
    pub fn from_link(link: &Link) -> Result<Reviewed, LinkError> {
        if link.game != GameTag::Gunjin {
            return Err(LinkError::NotARecord);
        }
        let (record, [south, north]) = names_of(&link.text);
        let record: Record = record.parse().map_err(|_| LinkError::NotARecord)?;
        let game = record.replay().map_err(|_| LinkError::NotARecord)?;
        game.outcome().ok_or(LinkError::NotARecord)?;
        Ok(Reviewed {
            record,
            players: ByColor { south, north },
        })
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url without padding (RFC 4648 §5): safe in a URL's
/// fragment as it is.
fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of a base64url text without padding; `None` for a letter
/// outside the alphabet or a length no encoding gives.
fn from_base64url(text: &str) -> Option<Vec<u8>> {
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let value = ALPHABET.iter().position(|&a| a == c)? as u32;
            n |= value << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use gunjin_rules::{Preset, random_game, random_playout};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        let bytes: Vec<u8> = (0..=255u8).rev().collect();
        for n in 0..bytes.len() {
            let text = base64url(&bytes[..n]);
            assert!(text.bytes().all(|c| ALPHABET.contains(&c)));
            assert_eq!(from_base64url(&text).as_deref(), Some(&bytes[..n]));
        }
        assert_eq!(base64url(b"Man"), "TWFu");
        assert_eq!(base64url(b"\xfb\xff"), "-_8");
        assert_eq!(from_base64url("TWF"), Some(b"Ma".to_vec()));
        assert_eq!(from_base64url("TWFuT"), None);
        assert_eq!(from_base64url("TW=u"), None);
    }

    fn finished(seed: u64, preset: Preset) -> Reviewed {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = random_game(preset.rules(), &mut rng);
        random_playout(&mut game, &mut rng);
        Reviewed {
            record: game.record(),
            players: ByColor {
                south: Some("Aki\nand Ben".into()),
                north: None,
            },
        }
    }

    #[test]
    fn a_gunjin_link_opens_the_same_game_and_names() {
        for seed in 0..20 {
            let game = finished(seed, Preset::ALL[seed as usize % 2]);
            let hash = game.link().hash();
            let data = hash.strip_prefix(PREFIX).unwrap();
            assert_eq!(game_of(data), Some(GameTag::Gunjin));
            let read = Reviewed::from_link(&Link::read(data).unwrap()).unwrap();
            assert_eq!(read.record, game.record);
            assert_eq!(read.players.south.as_deref(), Some("Aki and Ben"));
            assert_eq!(read.players.north, None);
        }
    }

    #[test]
    fn a_written_record_opens_its_review_once_the_game_is_over() {
        let game = finished(4, Preset::Traditional);
        let sheet = Scoresheet {
            record: game.record.clone(),
            players: game.players.clone(),
        };
        let read = Reviewed::from_written(&sheet.write().unwrap()).unwrap();
        assert_eq!(read.record, game.record);
        assert_eq!(read.players.south.as_deref(), Some("Aki and Ben"));
        let mut unfinished = sheet.clone();
        unfinished.record.moves.truncate(3);
        let e = Reviewed::from_written(&unfinished.write().unwrap()).unwrap_err();
        assert_eq!(e.line, None);
        let e = Reviewed::from_written("# Gunjin Shogi record\nRules: zz\n").unwrap_err();
        assert_eq!(e.line, Some(2));
    }

    /// The longest game a link carries (the move limit) fits a URL that
    /// every browser and chat app keeps whole.
    #[test]
    fn a_whole_game_makes_a_short_link() {
        let longest = (0..40)
            .map(|seed| finished(seed, Preset::Kirakuken))
            .max_by_key(|g| g.record.moves.len())
            .unwrap();
        let hash = longest.link().hash();
        assert!(longest.record.moves.len() >= 250);
        assert!(hash.len() < 2000, "{} characters", hash.len());
    }

    #[test]
    fn a_bad_link_says_why_and_never_panics() {
        let data = finished(1, Preset::Kirakuken).link().data();
        assert_eq!(Link::read(""), Err(LinkError::Garbled));
        assert_eq!(Link::read("X"), Err(LinkError::Garbled));
        assert_eq!(Link::read("G%%%"), Err(LinkError::Garbled));
        for cut in 1..data.len() {
            let read = Link::read(&data[..cut]).and_then(|l| Reviewed::from_link(&l));
            assert!(read.is_err(), "cut at {cut}");
        }
        let shogi = Link {
            game: GameTag::Shogi,
            text: "startpos moves 7g7f".into(),
        };
        let read = Link::read(&shogi.data()).unwrap();
        assert_eq!(read, shogi);
        assert_eq!(Reviewed::from_link(&read), Err(LinkError::NotARecord));
        let unfinished = Link {
            game: GameTag::Gunjin,
            text: "htsrf 1g3/6/6/6/6/6/6/4G n b8-b7".into(),
        };
        assert_eq!(
            Reviewed::from_link(&Link::read(&unfinished.data()).unwrap()),
            Err(LinkError::NotARecord)
        );
    }
}
