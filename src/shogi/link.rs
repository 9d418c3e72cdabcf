//! Shogi's review links (`#/review/S…`, `model::review_link`): the game's
//! record as the rules crate writes it (`startpos moves 7g7f …`) and its
//! players' names, opened as the replay with its analysis.

use leptos::prelude::*;
use shogi_rules::{Game, KifHeader};

use crate::model::review_link::{Link, LinkError, PREFIX, names_of, with_names};
use crate::screens::review::BadLink;
use crate::shogi::import::set_imported;
use crate::shogi::play::ShogiPlay;
use crate::shogi::record_io::import;
use gunjin_table::GameTag;

/// The link that opens `game` under `header`'s names.
pub fn link(game: &Game, header: &KifHeader) -> Link {
    let names = [header.sente.as_deref(), header.gote.as_deref()];
    Link {
        game: GameTag::Shogi,
        text: with_names(&game.record().to_string(), names),
    }
}

/// The game and names a Shogi link's data carries.
pub fn read(data: &str) -> Result<(Game, KifHeader), LinkError> {
    let link = Link::read(data)?;
    if link.game != GameTag::Shogi {
        return Err(LinkError::NotARecord);
    }
    let (record, [sente, gote]) = names_of(&link.text);
    let game = import(record).map_err(|_| LinkError::NotARecord)?;
    let header = KifHeader {
        sente,
        gote,
        started: None,
    };
    Ok((game, header))
}

/// The replay of the link in the page's address, or why it does not open.
#[component]
pub fn ShogiLinkPage() -> impl IntoView {
    let hash = window().location().hash().unwrap_or_default();
    let data = hash.strip_prefix(PREFIX).unwrap_or_default();
    match read(data) {
        Ok((game, header)) => {
            set_imported(game, header);
            view! { <ShogiPlay review=true /> }.into_any()
        }
        Err(error) => view! { <BadLink error /> }.into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shogi_link_opens_the_same_moves_and_names() {
        let mut game = Game::new(shogi_rules::Position::start());
        for mv in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let header = KifHeader {
            sente: Some("Aki".into()),
            gote: None,
            started: Some("2026/12/07".into()),
        };
        let data = link(&game, &header).data();
        let (read_game, read_header) = read(&data).unwrap();
        assert_eq!(read_game.moves(), game.moves());
        assert_eq!(read_header.sente.as_deref(), Some("Aki"));
        assert_eq!(read_header.gote, None);
        for cut in 1..data.len() {
            let e = read(&data[..cut]).err();
            assert!(
                matches!(e, Some(LinkError::Damaged | LinkError::Garbled)),
                "{cut}: {e:?}"
            );
        }
        let gunjin = Link {
            game: GameTag::Gunjin,
            text: "startpos moves 7g7f".into(),
        };
        assert_eq!(read(&gunjin.data()).err(), Some(LinkError::NotARecord));
    }
}
