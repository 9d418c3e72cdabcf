//! A tiny router on the URL hash (`#/setup`), so the build works from any
//! path of a static site without server rewrites.

use gunjin_table::GameTag;
use leptos::prelude::*;

use crate::model::review_link;

/// The pages of Shogi, under `#/shogi/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShogiPage {
    /// The game against the CPU: the stored one, else a new one.
    Play,
    /// A new game against the CPU (then the play page), asked about first
    /// over a game in progress.
    New,
    /// A new game with a friend on this device (then the play page), asked
    /// about first over a game in progress.
    Friend,
    /// Reading a KIF or SFEN record, to replay it or play on from it.
    Import,
    /// The record read last (else the stored game), step by step.
    Replay,
    GuideHow,
    GuidePieces,
    /// Tsume puzzles: the day's, and the list by length.
    Tsume,
    /// The replay of a Shogi review link (`#/review/S…`, read by the page
    /// from the address; no link of its own).
    Link,
    /// The game of the online table this page holds (the table page, an
    /// invite link's, shows it once its game is Shogi; no link of its own).
    Table,
}

/// Every page of the app. Gunjin Shogi's keep the hashes they have always
/// had (they are links in the wild); the other game's are under its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Setup,
    Play,
    End,
    /// The review of the last game against the CPU, from inside the fog.
    Review,
    /// A review link, `#/review/<data>`: a whole game of either kind in
    /// the address (`model::review_link`), checked by the page.
    ReviewLink(String),
    /// Reading a written Gunjin record (pasted or a file), to review it.
    ReviewOpen,
    /// "What is this piece?": puzzles from the reviewed games.
    Puzzles,
    GuidePieces,
    GuideBattles,
    GuideHow,
    /// A link that sets the rules: `#/rules/texrt`. The code is checked by
    /// the page, which explains a bad one.
    Rules(String),
    /// A table of the table server, `#/table/<id>`: the invite link.
    Table(String),
    /// The lobby, `#/lobby/gunjin` or `#/lobby/shogi`: the open tables and
    /// seeks, quick pairing in that game.
    Lobby(GameTag),
    /// A game with a friend on this device (pass-and-play).
    Friend,
    /// The lessons: `#/learn` lists the courses, `#/learn/<course>/<step>`
    /// is a step (the path after `#/learn/`, checked by the page).
    Learn(String),
    Shogi(ShogiPage),
    NotFound,
}

impl Route {
    pub const ALL: [Route; 19] = [
        Route::Home,
        Route::Friend,
        Route::Setup,
        Route::Play,
        Route::End,
        Route::Review,
        Route::ReviewOpen,
        Route::Puzzles,
        Route::GuidePieces,
        Route::GuideBattles,
        Route::GuideHow,
        Route::Shogi(ShogiPage::Play),
        Route::Shogi(ShogiPage::New),
        Route::Shogi(ShogiPage::Friend),
        Route::Shogi(ShogiPage::Import),
        Route::Shogi(ShogiPage::Replay),
        Route::Shogi(ShogiPage::GuideHow),
        Route::Shogi(ShogiPage::GuidePieces),
        Route::Shogi(ShogiPage::Tsume),
    ];

    /// The hash of this page, e.g. `#/guide/pieces`.
    pub fn hash(&self) -> String {
        let hash = match self {
            Route::Home => "#/",
            Route::Setup => "#/setup",
            Route::Play => "#/play",
            Route::End => "#/end",
            Route::Review => "#/review",
            Route::ReviewOpen => "#/review/open",
            Route::Puzzles => "#/puzzles",
            Route::GuidePieces => "#/guide/pieces",
            Route::GuideBattles => "#/guide/battles",
            Route::GuideHow => "#/guide/how",
            Route::Friend => "#/friend",
            Route::Shogi(ShogiPage::Play) => "#/shogi/play",
            Route::Shogi(ShogiPage::New) => "#/shogi/new",
            Route::Shogi(ShogiPage::Friend) => "#/shogi/friend",
            Route::Shogi(ShogiPage::Import) => "#/shogi/import",
            Route::Shogi(ShogiPage::Replay) => "#/shogi/replay",
            Route::Shogi(ShogiPage::GuideHow) => "#/shogi/guide/how",
            Route::Shogi(ShogiPage::GuidePieces) => "#/shogi/guide/pieces",
            Route::Shogi(ShogiPage::Table) => "#/shogi/table",
            Route::Shogi(ShogiPage::Tsume) => "#/shogi/tsume",
            Route::Shogi(ShogiPage::Link) => "#/shogi/link",
            Route::ReviewLink(data) => return format!("{}{data}", review_link::PREFIX),
            Route::Rules(code) => return format!("#/rules/{code}"),
            Route::Table(id) => return format!("#/table/{id}"),
            Route::Lobby(GameTag::Gunjin) => "#/lobby/gunjin",
            Route::Lobby(GameTag::Shogi) => "#/lobby/shogi",
            Route::Learn(path) if path.is_empty() => "#/learn",
            Route::Learn(path) => return format!("#/learn/{path}"),
            Route::NotFound => "#/not-found",
        };
        hash.to_owned()
    }

    /// The game this page belongs to, which the header names: `None` for
    /// the parlour's own pages (home, not found) and for a table, whose
    /// game only its server knows.
    pub fn game(&self) -> Option<GameTag> {
        match self {
            // The lessons teach both games.
            Route::Home | Route::NotFound | Route::Table(_) | Route::Learn(_) => None,
            Route::Shogi(_) => Some(GameTag::Shogi),
            Route::Lobby(game) => Some(*game),
            Route::ReviewLink(data) => review_link::game_of(data),
            Route::Setup
            | Route::Play
            | Route::End
            | Route::Review
            | Route::ReviewOpen
            | Route::Puzzles
            | Route::GuidePieces
            | Route::GuideBattles
            | Route::GuideHow
            | Route::Rules(_)
            | Route::Friend => Some(GameTag::Gunjin),
        }
    }

    /// The page of a location hash; an empty hash is the home page.
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#');
        let path = path.split('?').next().unwrap_or("");
        if path.is_empty() || path == "/" {
            return Route::Home;
        }
        let path = path.trim_end_matches('/');
        if let Some(code) = path.strip_prefix("/rules/") {
            return Route::Rules(code.to_owned());
        }
        if let Some(data) = path.strip_prefix("/review/")
            && data != "open"
        {
            return Route::ReviewLink(data.to_owned());
        }
        if let Some(id) = path.strip_prefix("/table/") {
            return Route::Table(id.to_owned());
        }
        match path {
            "/lobby/gunjin" => return Route::Lobby(GameTag::Gunjin),
            "/lobby/shogi" => return Route::Lobby(GameTag::Shogi),
            _ => {}
        }
        if let Some(rest) = path.strip_prefix("/learn")
            && (rest.is_empty() || rest.starts_with('/'))
        {
            return Route::Learn(rest.trim_start_matches('/').to_owned());
        }
        Route::ALL
            .into_iter()
            .find(|r| r.hash().trim_start_matches('#') == path)
            .unwrap_or(Route::NotFound)
    }
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The current page, following `hashchange`; a new page opens at its top,
/// not where the last one was scrolled to.
pub fn use_route() -> ReadSignal<Route> {
    let (route, set_route) = signal(Route::parse(&current_hash()));
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let next = Route::parse(&current_hash());
        if next != route.get_untracked() {
            window().scroll_to_with_x_and_y(0.0, 0.0);
        }
        set_route.set(next);
    });
    on_cleanup(move || handle.remove());
    route
}

/// Goes to `route` (a new history entry).
pub fn navigate(route: Route) {
    let _ = window().location().set_hash(&route.hash());
}

/// A whole-number option from the page's query string (`?setup-seconds=5`),
/// for tests and demos.
pub fn query_number(name: &str) -> Option<u32> {
    query_text(name)?.parse().ok()
}

/// A text option from the query string (`?first=you`).
pub fn query_text(name: &str) -> Option<String> {
    let search = window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_round_trip() {
        for r in Route::ALL {
            assert_eq!(Route::parse(&r.hash()), r);
        }
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(Route::parse("#/setup/"), Route::Setup);
        assert_eq!(Route::parse("#/nowhere"), Route::NotFound);
        assert_eq!(Route::parse("#/shogi/play"), Route::Shogi(ShogiPage::Play));
        assert_eq!(Route::parse("#/shogi/nowhere"), Route::NotFound);
        let link = Route::Rules("texrt".into());
        assert_eq!(Route::parse(&link.hash()), link);
        assert_eq!(Route::parse("#/rules/%%"), Route::Rules("%%".into()));
        let table = Route::Table("00ff".into());
        assert_eq!(Route::parse(&table.hash()), table);
        for game in [GameTag::Gunjin, GameTag::Shogi] {
            let lobby = Route::Lobby(game);
            assert_eq!(Route::parse(&lobby.hash()), lobby);
        }
        assert_eq!(Route::parse("#/lobby/chess"), Route::NotFound);
        for path in ["", "shogi_basics/pawn"] {
            let learn = Route::Learn(path.into());
            assert_eq!(Route::parse(&learn.hash()), learn);
        }
        assert_eq!(Route::parse("#/learn/"), Route::Learn(String::new()));
        assert_eq!(Route::parse("#/learning"), Route::NotFound);
        let link = Route::ReviewLink("GabC-_".into());
        assert_eq!(Route::parse(&link.hash()), link);
        assert_eq!(link.game(), Some(GameTag::Gunjin));
        assert_eq!(Route::ReviewLink("Sx".into()).game(), Some(GameTag::Shogi));
        assert_eq!(Route::ReviewLink("?".into()).game(), None);
    }

    #[test]
    fn every_game_page_names_its_game() {
        for r in Route::ALL {
            let expected = match &r {
                Route::Home => None,
                Route::Shogi(_) => Some(GameTag::Shogi),
                _ => Some(GameTag::Gunjin),
            };
            assert_eq!(r.game(), expected, "{r:?}");
        }
        assert_eq!(Route::Rules("texrt".into()).game(), Some(GameTag::Gunjin));
        assert_eq!(Route::Table("00ff".into()).game(), None);
        assert_eq!(Route::Learn(String::new()).game(), None);
    }
}
