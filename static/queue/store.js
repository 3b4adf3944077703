/* The queue's storage only (as Workbox's QueueStore): hands entered offline, in IndexedDB, one
 * record a hand. What is stored is a data shape with a format number, never the form of the day:
 *
 *   {format: 2, id, account, match_id, key, number, hand, savedAt, state, errors, stored, message}
 *
 * ``hand`` is the API's own hand (the JSON of POST /api/v1/matches/ID/hands); ``key`` its
 * Idempotency-Key; ``state`` null (to send) or why it waits: "conflict", "refused", "ended",
 * "unreadable". Format 1 (the releases before: the hand form's [name, value] fields) is read once,
 * when the store opens at database version 2, and written again as format 2 (migrateOld); a record
 * it cannot read is kept as "unreadable", for the player to see and drop, never sent.
 */
import { formToHand } from "../form_to_hand.js";

export const FORMAT = 2;
const DB = "scorekeeper-queue", STORE = "hands", VERSION = 2;
const KNOWN = /^sides-\d+-(melds|hand|red_threes|blank_ok|custom_points|custom_description|more_customs|(canastas|penalties|melds_cards|hand_cards)-.*)$/;

/** A format-1 record as format 2: its fields mapped to the API's hand once (flags are the boxes it
 *  had ticked: an unticked box sent nothing then either). Unreadable: kept, marked, never sent. */
export function migrateOld(old) {
  const fields = Array.isArray(old.fields) ? old.fields : null;
  const readable = fields && fields.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string")
    && fields.some((p) => p[0] === "went_out") && fields.some((p) => p[0] === "number")
    && typeof old.key === "string" && typeof old.match === "number";
  const record = {
    format: FORMAT, id: old.id, account: old.account, match_id: old.match, key: old.key,
    number: Number.isInteger(old.number) ? old.number : 0,
    savedAt: old.savedAt || null, hand: null, state: "unreadable", errors: {}, stored: null, message: null,
  };
  if (!readable) { return record; }
  const flags = [];
  fields.forEach(([name, value]) => {
    const m = /^sides-\d+-([a-z_]+)$/.exec(name);
    if (m && value === "y" && !KNOWN.test(name) && flags.indexOf(m[1]) < 0) { flags.push(m[1]); }
  });
  record.hand = formToHand(fields, { flags: flags });
  record.number = record.hand.number;
  // What was waiting for the player still does (a conflict's stored hand is shown again once sent).
  record.state = old.state === "ended" ? "ended" : old.state === "conflict" ? "conflict" : null;
  record.stored = old.stored || null;
  record.message = old.message || null;
  return record;
}

let opened = null;  // one connection for the page's life: a Save must not wait for a new one

function db() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, VERSION);
      req.onupgradeneeded = (event) => {
        const conn = req.result;
        if (event.oldVersion < 1) { conn.createObjectStore(STORE, { keyPath: "id", autoIncrement: true }); return; }
        // Version 1 held format-1 records: each is read once, here, in the upgrade's transaction.
        req.transaction.objectStore(STORE).openCursor().onsuccess = (e) => {
          const cursor = e.target.result;
          if (!cursor) { return; }
          if (!cursor.value.format) { cursor.update(migrateOld(cursor.value)); }
          cursor.continue();
        };
      };
      req.onsuccess = () => {
        const conn = req.result;
        conn.onversionchange = conn.onclose = () => { conn.close(); opened = null; };
        resolve(conn);
      };
      req.onerror = () => { opened = null; reject(req.error); };
      req.onblocked = () => { /* another tab holds version 1: it closes on versionchange */ };
    });
  }
  return opened;
}

function withStore(mode, work) {
  return db().then((conn) => new Promise((resolve, reject) => {
    const tx = conn.transaction(STORE, mode), out = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(out && "result" in out ? out.result : out);
    tx.onerror = tx.onabort = () => reject(tx.error);
  })).catch((error) => { opened = null; throw error; });
}

/** A record this code can read: format 2 (a later release's records wait, unread, for it). */
function readable(e) {
  return e.format === FORMAT ? e : Object.assign({}, e, { state: "unreadable", hand: null });
}

const byId = (a, b) => a.id - b.id;

/** ``account``'s queued hands (of match ``matchId``, or of every match when it is null), oldest first. */
export function entries(account, matchId) {
  return withStore("readonly", (s) => s.getAll()).then((list) => list
    .filter((e) => e.account === account && (matchId === null || e.match_id === matchId || e.match === matchId))
    .map(readable).sort(byId));
}

/** Queue ``entry`` (in place of the one with ``replaces``' key, if any), in one transaction that
 *  answers this match's queue as it is then. */
export function save(entry, replaces) {
  return withStore("readwrite", (s) => {
    const out = {};
    s.getAll().onsuccess = (event) => {
      const list = event.target.result.filter((e) => e.account === entry.account && e.match_id === entry.match_id)
        .map(readable).sort(byId);
      const old = list.find((e) => e.key === (replaces || entry.key));
      const record = Object.assign({ format: FORMAT, savedAt: new Date().toISOString() }, entry,
        { state: null, errors: {}, stored: null, message: null });
      if (old) { record.id = old.id; list.splice(list.indexOf(old), 1, record); } else { delete record.id; list.push(record); }
      s.put(record).onsuccess = (done) => { record.id = done.target.result; out.result = list; };
    };
    return out;
  });
}

export function put(entry) { return withStore("readwrite", (s) => s.put(entry)); }
export function drop(entry) { return withStore("readwrite", (s) => s.delete(entry.id)); }

/** Forget every queued hand of ``account`` (its session was ended on the server). */
export function dropAccount(account) {
  return withStore("readwrite", (s) => {
    s.getAll().onsuccess = (event) => {
      event.target.result.filter((e) => e.account === account).forEach((e) => s.delete(e.id));
    };
  });
}
