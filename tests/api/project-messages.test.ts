import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectFiles, projectMessages, projects, users } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/messages/${name}`, import.meta.url)));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface File { id: number; filename: string; name: string; extension: string; content_type: string; size: number; url: string; file_subject_type_id: number | null }
interface Message { id: number; body: string; author: string | null; files: File[]; unread: boolean; can_manage: boolean }
interface Envelope<T> { data: T; message?: string; errors?: Record<string, string[]>; alert?: string }

let admin: HttpSession; // Beheerder, Projectleider of project 1
let user: HttpSession; // Gebruiker, Projectlid of 1, 2, 4; Meelezer of 3; not a member of 5
let other: HttpSession; // Beheerder of Noordbroek

/** The multipart body as the network delivers it: 64 kB chunks, no Content-Length. */
async function* chunked(body: ReadableStream<Uint8Array>) {
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) for (let i = 0; i < chunk.length; i += 65536) yield chunk.subarray(i, i + 65536);
}

function post(s: HttpSession, projectId: number, body: string, files: { name: string; bytes: Uint8Array | Blob; type?: string }[] = []) {
  const form = new FormData();
  form.append('body', body);
  for (const f of files) form.append('files[]', f.bytes instanceof Blob ? f.bytes : new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  const chunks = chunked(encoded.body!);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return s.fetch(`${API}/project/${projectId}/message`, { method: 'POST', body: stream, headers: { 'content-type': encoded.headers.get('content-type')! }, duplex: 'half' } as RequestInit);
}
const json = async <T>(res: Response) => (await res.json()) as Envelope<T>;
const rowCounts = async () => {
  const [[m], [f]] = await Promise.all([t.db.select({ n: count() }).from(projectMessages), t.db.select({ n: count() }).from(projectFiles)]);
  return { messages: m!.n, files: f!.n, objects: t.bucket.keys().filter((k) => k.startsWith('projects/')).length };
};

beforeAll(async () => {
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  user = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
}, 30_000);

describe('project messages with files', { timeout: 60_000 }, () => {
  let first: Message;

  it('round-trips mp3, mp4 and pdf byte for byte (SHA-256), with sniffed types, and mails the other members', async () => {
    const files = [
      { name: 'interview fragment.mp3', bytes: fixture('toon.mp3'), type: 'audio/mpeg' },
      { name: 'clip.mp4', bytes: fixture('clip.mp4'), type: 'video/mp4' },
      // The declared type is ignored: the content decides.
      { name: 'Veldwerk(verslag).pdf', bytes: fixture('verslag.pdf'), type: 'text/html' },
    ];
    const mailsBefore = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const res = await post(admin, 1, 'Hierbij het **veldwerkverslag** en een fragment.', files);
    expect(res.status).toBe(201);
    first = (await json<Message>(res)).data;
    expect(first.files.map((f) => [f.filename, f.content_type, f.size])).toEqual([
      ['interview fragment.mp3', 'audio/mpeg', files[0]!.bytes.length],
      ['clip.mp4', 'video/mp4', files[1]!.bytes.length],
      ['Veldwerk_verslag_.pdf', 'application/pdf', files[2]!.bytes.length],
    ]);
    for (const [i, f] of first.files.entries()) {
      const download = await user.get(`${API}/project/1/file/${f.id}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(f.content_type);
      expect(download.headers.get('content-length')).toBe(String(f.size));
      expect(download.headers.get('accept-ranges')).toBe('bytes');
      expect(download.headers.get('content-disposition')).toContain(`filename="${f.filename}"`);
      expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(files[i]!.bytes));
    }
    const mails = await t.db.select().from(mailOutbox);
    const fresh = mails.slice(mailsBefore);
    // Members 3 (Projectlid), 4 (Meelezer) and the demo account; not the expired demo account.
    expect(fresh.map((m) => m.to).sort()).toEqual(['api@demo.impulz.nl', 'demo@demo.impulz.nl', 'gebruiker@demo.impulz.nl']);
    expect(fresh[0]!.subject).toBe("Nieuw bericht in project 'Burgerpeiling Zuiderhaven 2026'");
    expect(fresh[0]!.text).toContain('/portal/project/1/messages');
    expect(fresh[0]!.text).toContain('interview fragment.mp3');
  });

  it('answers a Range request with 206 and exactly those bytes; a range past the end is 416', async () => {
    const mp3 = fixture('toon.mp3');
    const f = first.files[0]!;
    const res = await user.get(`${API}/project/1/file/${f.id}`, { headers: { range: 'bytes=100-1123' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${mp3.length}`);
    expect(res.headers.get('content-length')).toBe('1024');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(mp3.subarray(100, 1124));
    const tail = await user.get(`${API}/project/1/file/${f.id}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(mp3.subarray(mp3.length - 10));
    const open = await user.get(`${API}/project/1/file/${f.id}`, { headers: { range: 'bytes=12000-' } });
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(mp3.subarray(12000));
    expect((await user.get(`${API}/project/1/file/${f.id}`, { headers: { range: `bytes=${mp3.length}-` } })).status).toBe(416);
  });

  it('shows the conversation newest first with unread marks, and reading it clears the unread count', async () => {
    const list = (await json<Message[]>(await user.get(`${API}/project/1/message`))).data;
    expect(list[0]).toMatchObject({ id: first.id, author: 'Bram Jansen', unread: true, can_manage: false });
    const again = (await json<Message[]>(await user.get(`${API}/project/1/message`))).data;
    expect(again[0]!.unread).toBe(false);
    const own = (await json<Message[]>(await admin.get(`${API}/project/1/message`))).data;
    expect(own[0]).toMatchObject({ unread: false, can_manage: true });
  });

  it('refuses a 65 MB file with 413 and stores nothing (no object, no multipart parts, no rows)', async () => {
    const before = await rowCounts();
    const aborted = t.bucket.stats.aborted;
    const big = new Uint8Array(65 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await post(admin, 1, 'Te groot', [{ name: 'groot.pdf', bytes: big }]);
    expect(res.status).toBe(413);
    expect((await json(res)).message).toBe('Het bestand dat u heeft geüpload is te groot');
    expect(await rowCounts()).toEqual(before);
    expect(t.bucket.stats, JSON.stringify(t.bucket.stats)).toMatchObject({ aborted: aborted + 1 });
    expect(t.bucket.stats.partsInFlight).toBe(0);
    // It went up in 5 MiB parts, never as one piece.
    expect(t.bucket.stats.maxPartsInFlight).toBeGreaterThanOrEqual(12);
  });

  it('refuses an executable renamed .pdf (422) and removes the files of the same message already stored', async () => {
    const before = await rowCounts();
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const res = await post(admin, 1, 'Met bijlagen', [
      { name: 'ok.pdf', bytes: fixture('verslag.pdf') },
      { name: 'factuur.pdf', bytes: exe },
    ]);
    expect(res.status).toBe(422);
    expect((await json(res)).errors!.files![0]).toContain("Het bestand 'factuur.pdf' is niet toegestaan");
    expect(await rowCounts()).toEqual(before);
    for (const [name, bytes] of [['script.exe', exe], ['tekst.pdf', new TextEncoder().encode('geen pdf')], ['leeg.txt', new Uint8Array()]] as const) {
      const r = await post(admin, 1, '', [{ name, bytes }]);
      expect(r.status, name).toBe(422);
    }
    expect((await post(admin, 1, '   ')).status).toBe(422);
    expect(await rowCounts()).toEqual(before);
  });

  it('a cancelled upload (the body breaks off) leaves nothing behind', async () => {
    const before = await rowCounts();
    const boundary = 'xyzBOUNDARY';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nHallo\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        else if (sent < 8) controller.enqueue(new Uint8Array(1024 * 1024));
        else controller.error(new TypeError('network connection lost'));
        sent++;
      },
    });
    const res = await admin.fetch(`${API}/project/1/message`, { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit);
    expect(res.status, await res.clone().text()).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('renames a file by the file name rule and sets its subject and data type; refuses other names', async () => {
    const f = first.files[2]!;
    const ok = await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { name: 'Veldwerkverslag definitief', file_subject_type_id: 2, file_data_type_id: null } });
    expect(ok.status).toBe(200);
    expect((await json<File>(ok)).data).toMatchObject({ filename: 'Veldwerkverslag definitief.pdf', file_subject_type_id: 2 });
    const bad = await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { name: '../etc/passwd' } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors!.name).toEqual(['Een bestandsnaam mag alleen letters, cijfers, spaties, underscores (_) en streepjes (-) bevatten.']);
    const badType = await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { file_subject_type_id: 99 } });
    expect(badType.status).toBe(422);
    expect((await json(badType)).errors!.file_subject_type_id).toEqual(['Kies een geldige waarde uit de lijst']);
    const empty = await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { name: '  ' } });
    expect(empty.status).toBe(422);
    expect((await json(empty)).errors!.name).toEqual(['Dit veld mag niet leeg zijn']);
    expect((await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { extension: 'exe' } })).status).toBe(422);
    const broken = await admin.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect((await json(broken)).message).toMatch(/[a-z]/);
    // Another company's file: 404, through its own project too; nothing changed.
    expect((await other.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { name: 'Overgenomen' } })).status).toBe(404);
    expect((await other.fetch(`${API}/project/6/file/${f.id}`, { method: 'PUT', json: { name: 'Overgenomen' } })).status).toBe(404);
    // Not the author, not a Projectleider: 403.
    expect((await user.fetch(`${API}/project/1/file/${f.id}`, { method: 'PUT', json: { name: 'x' } })).status).toBe(403);
    const download = await user.get(`${API}/project/1/file/${f.id}`);
    expect(download.headers.get('content-disposition')).toContain('filename="Veldwerkverslag definitief.pdf"');
  });

  it('keeps outsiders out: other company → 404, non-member reader → 404, messaging off → 403', async () => {
    const f = first.files[0]!;
    for (const path of [`/project/1/message`, `/project/1/file/${f.id}`]) expect((await other.get(`${API}${path}`)).status, path).toBe(404);
    expect((await other.fetch(`${API}/project/1/message/${first.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.fetch(`${API}/project/1/file/${f.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await post(other, 1, 'Hallo')).status).toBe(404);
    // Own project, someone else's file or message id → 404.
    expect((await other.get(`${API}/project/6/file/${f.id}`)).status).toBe(404);
    expect((await other.fetch(`${API}/project/6/message/${first.id}`, { method: 'DELETE' })).status).toBe(404);
    // The Gebruiker is not a member of project 5.
    expect((await user.get(`${API}/project/5/message`)).status).toBe(404);
    expect((await post(user, 5, 'Hallo')).status).toBe(404);

    await t.db.update(projects).set({ allowMessaging: false }).where(eq(projects.id, 4));
    const off = await user.get(`${API}/project/4/message`);
    expect(off.status).toBe(403);
    expect((await json(off)).message).toMatch(/^Berichten zijn voor dit project uitgeschakeld/);
    expect((await post(user, 4, 'Hallo')).status).toBe(403);
    // A Meelezer reads but does not post.
    expect((await post(user, 3, 'Hallo')).status).toBe(403);
    expect((await user.get(`${API}/project/3/message`)).status).toBe(200);
  });

  it('respects the opt-out of message mails (own profile only)', async () => {
    const [api] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'api@demo.impulz.nl'));
    expect((await admin.fetch(`${API}/user/${api!.id}`, { method: 'PUT', json: { message_mails: false } })).status).toBe(403);
    const apiSession = await loginAs(t.session(), 'api@demo.impulz.nl');
    expect((await apiSession.fetch(`${API}/user/${api!.id}`, { method: 'PUT', json: { message_mails: false } })).status).toBe(200);
    const before = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    expect((await post(admin, 1, 'Tweede bericht')).status).toBe(201);
    const fresh = (await t.db.select().from(mailOutbox)).slice(before);
    expect(fresh.map((m) => m.to).sort()).toEqual(['demo@demo.impulz.nl', 'gebruiker@demo.impulz.nl']);
  });

  it('counts unread messages on the project cards and the project page; the help form posts a project question there', async () => {
    const unread = async () => ({
      list: (await json<{ id: number; unread_messages: number }[]>(await user.get(`${API}/project`))).data.find((p) => p.id === 1)!.unread_messages,
      page: (await json<{ unread_messages: number }>(await user.get(`${API}/project/1`))).data.unread_messages,
    });
    await user.get(`${API}/project/1/message`);
    expect(await unread()).toEqual({ list: 0, page: 0 });
    expect((await post(admin, 1, 'Nog een')).status).toBe(201);
    expect((await json<{ id: number; message_id: number | null }>(await admin.post(`${API}/question`, { type: 'project', project: 1, name: 'Bram Jansen', email: 'beheerder@demo.impulz.nl', question: 'Wanneer start het veldwerk?' }))).data.message_id).toEqual(expect.any(Number));
    expect(await unread()).toEqual({ list: 2, page: 2 });
    const list = (await json<Message[]>(await user.get(`${API}/project/1/message`))).data;
    expect(list[0]!.body).toContain('Wanneer start het veldwerk?');
    expect(await unread()).toEqual({ list: 0, page: 0 });
  });

  it('deletes a file, and a message with its R2 objects; only the author or an admin may', async () => {
    const mine = (await json<Message>(await post(user, 1, 'Van de gebruiker', [{ name: 'notities.txt', bytes: new TextEncoder().encode('regel 1\nregel 2\n') }]))).data;
    expect(mine.files[0]!.content_type).toBe('text/plain; charset=utf-8');
    expect((await user.fetch(`${API}/project/1/message/${first.id}`, { method: 'DELETE' })).status).toBe(403);
    const keysBefore = t.bucket.keys().length;
    expect((await admin.fetch(`${API}/project/1/file/${first.files[1]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(t.bucket.keys().length).toBe(keysBefore - 1);
    expect((await user.get(`${API}/project/1/file/${first.files[1]!.id}`)).status).toBe(404);
    expect((await admin.fetch(`${API}/project/1/message/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(t.bucket.keys().length).toBe(keysBefore - 3);
    expect(await t.db.select().from(projectFiles).where(eq(projectFiles.messageId, first.id))).toEqual([]);
    expect((await user.fetch(`${API}/project/1/message/${mine.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(t.bucket.keys().filter((k) => k.startsWith('projects/'))).toEqual([]);
  });

  it("posting, changing and deleting move the project's Laatste update (cards and project page)", async () => {
    const old = new Date('2025-01-01T00:00:00Z');
    const age = async () => ({
      page: (await json<{ updated_at: string }>(await user.get(`${API}/project/1`))).data.updated_at,
      card: (await json<{ id: number; updated_at: string }[]>(await user.get(`${API}/project`))).data.find((p) => p.id === 1)!.updated_at,
    });
    const reset = () => t.db.update(projects).set({ updatedAt: old }).where(eq(projects.id, 1));
    const moved = async () => {
      const { page, card } = await age();
      expect(page).toBe(card);
      expect(new Date(page).getTime()).toBeGreaterThan(old.getTime());
    };
    await reset();
    expect(new Date((await age()).page).getTime()).toBe(old.getTime());
    const posted = (await json<Message>(await post(user, 1, 'Stand van zaken', [{ name: 'stand.txt', bytes: new TextEncoder().encode('ok\n') }]))).data;
    await moved();
    await reset();
    expect((await user.fetch(`${API}/project/1/file/${posted.files[0]!.id}`, { method: 'PUT', json: { name: 'Stand definitief' } })).status).toBe(200);
    await moved();
    await reset();
    expect((await user.fetch(`${API}/project/1/message/${posted.id}`, { method: 'DELETE' })).status).toBe(200);
    await moved();
    await reset();
    expect((await json<{ message_id: number | null }>(await user.post(`${API}/question`, { type: 'project', project: 1, name: 'Gebruiker', email: 'gebruiker@demo.impulz.nl', question: 'Is er nieuws?' }))).data.message_id).toEqual(expect.any(Number));
    await moved();
  });
});
