//! The room's rows in the store, which every node shares: the tables
//! their hosts listed (`listings`), the seeks waiting (`seeks`, each the
//! node's whose connection made it) and each node's counts (`presence`,
//! with when it last wrote them: a node silent for [`STALE_MILLIS`] is
//! gone, and so are its seeks). Every node reads them to show the lobby,
//! so a table listed or a seek made on one node is seen, and paired, on
//! any.

use gunjin_table::{Lobby, Open, Waiting};

use crate::storage::{Result, Statement, Value};
use crate::store::Store;

/// How long a node may go without writing its counts before its seeks
/// are dropped and its counts no longer add up.
pub const STALE_MILLIS: u64 = 10_000;

const LIST: &str = "INSERT INTO listings (table_id, open, since) VALUES ($1, $2, $3)
     ON CONFLICT (table_id) DO UPDATE SET open = excluded.open";
const UNLIST: &str = "DELETE FROM listings WHERE table_id = $1";
/// The lobby shows the oldest of each list, so that what every follower
/// is sent on each change stays small however many there are.
const LISTINGS: &str =
    "SELECT table_id, open, since FROM listings ORDER BY since, table_id LIMIT 100";
const INSERT_SEEK: &str =
    "INSERT INTO seeks (id, node, pairing, open, since) VALUES ($1, $2, $3, $4, $5)";
const DELETE_SEEK: &str = "DELETE FROM seeks WHERE id = $1";
/// The oldest live seek that pairs with the seek `$1` (made at `$3`),
/// taken for it: one made before it, so that of two seeks waiting the
/// newer takes the older.
const CLAIM: &str = "UPDATE seeks SET partner = $1 WHERE id = (
         SELECT id FROM seeks WHERE pairing = $2 AND partner IS NULL AND id <> $1
         AND (since < $3 OR (since = $3 AND id < $1))
         AND node IN (SELECT node FROM presence WHERE seen >= $4)
         ORDER BY since, id LIMIT 1)
     AND partner IS NULL RETURNING id";
/// A waiting seek keeps others from taking it while it looks for an
/// older one itself.
const HOLD: &str = "UPDATE seeks SET partner = id WHERE id = $1 AND partner IS NULL";
const FREE: &str = "UPDATE seeks SET partner = NULL WHERE id = $1";
const PAIRED_AT: &str = "UPDATE seeks SET table_id = $2 WHERE id = $1";
const PAIRED: &str = "SELECT id, table_id FROM seeks WHERE node = $1 AND table_id IS NOT NULL";
const SEEKS: &str = "SELECT id, open, since FROM seeks WHERE partner IS NULL
     AND node IN (SELECT node FROM presence WHERE seen >= $1) ORDER BY since, id LIMIT 100";
const BEAT: &str = "INSERT INTO presence (node, online, playing, seen) VALUES ($1, $2, $3, $4)
     ON CONFLICT (node) DO UPDATE SET online = excluded.online,
     playing = excluded.playing, seen = excluded.seen";
const COUNTS: &str = "SELECT online, playing FROM presence WHERE seen >= $1";
const FORGET_STALE: &str =
    "DELETE FROM seeks WHERE node NOT IN (SELECT node FROM presence WHERE seen >= $1)";
const FORGET_NODE: &str = "DELETE FROM seeks WHERE node = $1";

fn statement(sql: &'static str, params: Vec<Value>) -> Statement {
    Statement { sql, params }
}

fn int(n: u64) -> Value {
    Value::Int(i64::try_from(n).unwrap_or(i64::MAX))
}

fn open_text(open: &Open) -> Value {
    Value::Text(serde_json::to_string(open).expect("an open serializes"))
}

/// Lists the table `id`, opened as `open`, waiting since `since`.
pub async fn list(store: &Store, id: &str, open: &Open, since: u64) -> Result<()> {
    let params = vec![id.into(), open_text(open), int(since)];
    store.db().atomically(vec![statement(LIST, params)]).await?;
    Ok(())
}

/// Takes the table `id` out of the lobby, if it was listed.
pub async fn unlist(store: &Store, id: &str) -> Result<()> {
    store
        .db()
        .atomically(vec![statement(UNLIST, vec![id.into()])])
        .await?;
    Ok(())
}

/// The statement that unlists a table, for a store's own transaction.
pub fn unlisting(id: &str) -> Statement {
    statement(UNLIST, vec![id.into()])
}

pub async fn insert_seek(store: &Store, id: &str, open: &Open, since: u64) -> Result<()> {
    let params = vec![
        id.into(),
        store.owner().into(),
        Value::Text(open.pairing()),
        open_text(open),
        int(since),
    ];
    store
        .db()
        .atomically(vec![statement(INSERT_SEEK, params)])
        .await?;
    Ok(())
}

pub async fn delete_seek(store: &Store, id: &str) -> Result<()> {
    store
        .db()
        .atomically(vec![statement(DELETE_SEEK, vec![id.into()])])
        .await?;
    Ok(())
}

/// Takes the oldest live seek made before `since` that pairs with
/// `open`, for the seek `id`: its id, now taken by no one else.
pub async fn claim(
    store: &Store,
    id: &str,
    open: &Open,
    since: u64,
    now: u64,
) -> Result<Option<String>> {
    let params = vec![
        id.into(),
        Value::Text(open.pairing()),
        int(since),
        int(now.saturating_sub(STALE_MILLIS)),
    ];
    let rows = store.db().query(statement(CLAIM, params)).await?;
    Ok(rows.into_iter().next().and_then(first_text))
}

/// Holds the waiting seek `id` for itself; false when another took it.
pub async fn hold(store: &Store, id: &str) -> Result<bool> {
    let held = store
        .db()
        .atomically(vec![statement(HOLD, vec![id.into()])])
        .await?;
    Ok(held.first().is_some_and(|&n| n > 0))
}

/// Lets others take the seek `id` again (a claim found nothing, or the
/// table could not be opened).
pub async fn free(store: &Store, id: &str) -> Result<()> {
    store
        .db()
        .atomically(vec![statement(FREE, vec![id.into()])])
        .await?;
    Ok(())
}

/// Tells the node of the seek `id` that its table is `table`.
pub async fn paired_at(store: &Store, id: &str, table: &str) -> Result<()> {
    let params = vec![id.into(), table.into()];
    store
        .db()
        .atomically(vec![statement(PAIRED_AT, params)])
        .await?;
    Ok(())
}

/// This node's seeks that another seek took, and the table of each.
pub async fn paired(store: &Store) -> Result<Vec<(String, String)>> {
    let rows = store
        .db()
        .query(statement(PAIRED, vec![store.owner().into()]))
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let mut row = row.into_iter();
            Some((row.next()?.text()?, row.next()?.text()?))
        })
        .collect())
}

/// Writes this node's counts at `now`, drops the seeks of nodes gone
/// silent, and reads the lobby every node shows.
pub async fn beat(store: &Store, online: u64, playing: u64, now: u64) -> Result<Lobby> {
    let fresh = int(now.saturating_sub(STALE_MILLIS));
    let params = vec![store.owner().into(), int(online), int(playing), int(now)];
    store
        .db()
        .atomically(vec![
            statement(BEAT, params),
            statement(FORGET_STALE, vec![fresh.clone()]),
        ])
        .await?;
    let tables = waiting(store, statement(LISTINGS, Vec::new())).await?;
    let seeks = waiting(store, statement(SEEKS, vec![fresh.clone()])).await?;
    let counts = store.db().query(statement(COUNTS, vec![fresh])).await?;
    let sum = |i: usize| {
        let column = counts.iter().filter_map(|row| match row.get(i) {
            Some(Value::Int(n)) => u64::try_from(*n).ok(),
            _ => None,
        });
        column.sum()
    };
    Ok(Lobby {
        now,
        tables,
        seeks,
        online: sum(0),
        playing: sum(1),
    })
}

/// Forgets this node's seeks: a node starting has no connection yet.
pub async fn forget_node(store: &Store) -> Result<()> {
    store
        .db()
        .atomically(vec![statement(FORGET_NODE, vec![store.owner().into()])])
        .await?;
    Ok(())
}

/// Rows of (id, open, since) as the lobby lists them; a row that does
/// not read (written by a later build) is left out.
async fn waiting(store: &Store, query: Statement) -> Result<Vec<Waiting>> {
    let rows = store.db().query(query).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let mut row = row.into_iter();
            let id = row.next()?.text()?;
            let open = serde_json::from_str(&row.next()?.text()?).ok()?;
            let since = match row.next()? {
                Value::Int(n) => u64::try_from(n).ok()?,
                _ => return None,
            };
            Some(Waiting { id, open, since })
        })
        .collect())
}

fn first_text(row: Vec<Value>) -> Option<String> {
    row.into_iter().next()?.text()
}
