import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { parseClientList } from '../apps/server/src/modules/mailing/parse/client-list.js';
import { ROOT, line } from './support.js';

// Entry `mailing`: reading a 100,000-row client list (name, phone in mixed formats, a date and a
// text column; shared strings and the sheet ahead of them, as Excel writes it) with the mailing's
// parser — header, phones, duplicates, blacklist, keys — beside exceljs' bare streaming read of
// the same file, which only touches every cell's value. Each read runs in a fresh child process
// (they alternate, RUNS times each; medians are shown), whose RSS and heap are sampled every 20 ms.
const ROWS = Number(process.env.BENCH_MAILING_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_MAILING_RUNS ?? 3);
const PHASE = 'BENCH_MAILING_PHASE';
const FILE = 'BENCH_MAILING_FILE';
const RESULT = 'MAILING_RESULT ';

const LAST = [
  'Иванова',
  'Смирнова',
  'Кузнецова',
  'Попова',
  'Васильева',
  'Петрова',
  'Соколова',
  'Михайлова',
  'Новикова',
  'Фёдорова',
];
const FIRST = ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Юлия', 'Ирина', 'Светлана', 'Татьяна', 'Екатерина'];
const MIDDLE = ['Александровна', 'Сергеевна', 'Игоревна', 'Викторовна', 'Дмитриевна', 'Андреевна', 'Олеговна'];
const MASTERS = ['Алина', 'Виктория', 'Дарья', 'Кристина', 'Полина'];

// Every format the parser reads; one row in 500 repeats an earlier phone and one in 1000 is no phone.
function phoneCell(i: number): ExcelJS.CellValue {
  if (i % 1000 === 999) return 'нет телефона';
  const n = i % 500 === 499 ? i - 1 : i;
  const local = `9${String(n).padStart(9, '0')}`;
  const [a, b, c, d] = [local.slice(0, 3), local.slice(3, 6), local.slice(6, 8), local.slice(8)];
  switch (i % 7) {
    case 0:
      return `+7 (${a}) ${b}-${c}-${d}`;
    case 1:
      return `8 ${a} ${b} ${c} ${d}`;
    case 2:
      return local;
    case 3:
      return Number(`7${local}`);
    case 4:
      return `+7 ${a} ${b}-${c}-${d} доб. 12`;
    case 5:
      return `+995 5${String(n).padStart(8, '0')}`;
    default:
      // A formula's cached result (exceljs' streaming writer keeps only the first rich-text string).
      return { formula: `"+7 ${local}"`, result: `+7 ${local}` };
  }
}

async function generate(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Клиенты');
  sheet.columns = [
    { header: 'ФИО', key: 'name', width: 36 },
    { header: 'Телефон', key: 'phone', width: 20 },
    { header: 'Дата визита', key: 'visit', width: 14, style: { numFmt: 'dd.mm.yyyy' } },
    { header: 'Мастер', key: 'master', width: 14 },
  ];
  for (let i = 0; i < ROWS; i += 1) {
    sheet
      .addRow({
        name: `${LAST[i % 10]} ${FIRST[Math.floor(i / 10) % 10]} ${MIDDLE[Math.floor(i / 100) % 7]} ${i}`,
        phone: phoneCell(i),
        visit: new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000),
        master: MASTERS[i % 5],
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

interface PhaseResult {
  ms: number;
  cpuMs: number;
  startRss: number;
  peakRss: number;
  peakHeap: number;
  note: string;
}

// In the child: one read of the file, with memory sampled while it runs.
async function phase(kind: string, file: string): Promise<PhaseResult> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  sample();
  const startRss = peakRss;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let note: string;
  if (kind === 'ours') {
    const blacklist = new Set(Array.from({ length: 1000 }, (_, i) => `79${String(i * 37).padStart(9, '0')}`));
    const result = await parseClientList(file, { blacklist });
    if (!result.ok) throw new Error(`parse failed: ${result.status}`);
    const broken = result.clients.filter((c) => c.name.includes('\ufffd')).length;
    const c = result.counts;
    note = `${c.clients} clients, ${c.duplicates} dup, ${c.blacklisted} bl, ${c.invalid} invalid, ${broken} broken names`;
  } else {
    let cells = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, kind === 'bare-styles' ? { styles: 'cache' } : {});
    for await (const sheet of reader) {
      for await (const row of sheet) {
        row.eachCell((cell) => {
          if (cell.value !== null) cells += 1;
        });
      }
    }
    note = `${cells} cells`;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  sample();
  clearInterval(timer);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, startRss, peakRss, peakHeap, note };
}

function child(kind: string, file: string): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    // This file alone, not run.ts: the other entries would load the whole server into the child.
    const proc = spawn(process.execPath, [...process.execArgv, path.join(ROOT, 'bench/mailing.ts')], {
      cwd: ROOT,
      env: { ...process.env, [PHASE]: kind, [FILE]: file },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const found = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || !found) reject(new Error(`${kind} run failed (exit ${code}):\n${out}`));
      else resolve(JSON.parse(found.slice(RESULT.length)) as PhaseResult);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

export async function benchMailing(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-bench-mailing-'));
  try {
    const file = path.join(dir, 'clients.xlsx');
    const t0 = performance.now();
    await generate(file);
    line(
      'client list written (streaming writer)',
      `${ROWS} rows`,
      `${mb(statSync(file).size)}, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const runs: Record<string, PhaseResult[]> = { bare: [], 'bare-styles': [], ours: [] };
    for (let r = 0; r < RUNS; r += 1) {
      for (const k of Object.keys(runs)) runs[k]!.push(await child(k, file));
    }
    const summary = (k: string) => ({
      ms: median(runs[k]!.map((x) => x.ms)),
      cpu: median(runs[k]!.map((x) => x.cpuMs)),
      rss: Math.max(...runs[k]!.map((x) => x.peakRss)),
      heap: Math.max(...runs[k]!.map((x) => x.peakHeap)),
      start: Math.max(...runs[k]!.map((x) => x.startRss)),
      note: runs[k]![0]!.note,
      runs: runs[k]!.map((x) => `${x.ms.toFixed(0)}/${x.cpuMs.toFixed(0)}`).join(' '),
    });
    const bare = summary('bare');
    const styled = summary('bare-styles');
    const ours = summary('ours');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    // Wall time is what a user waits for; CPU time stays comparable when other work shares the cores.
    line('ours: parse + validate (wall / CPU)', `${seconds(ours.ms)} / ${seconds(ours.cpu)}`, ours.note);
    line('bare exceljs read (wall / CPU)', `${seconds(bare.ms)} / ${seconds(bare.cpu)}`, bare.note);
    line('bare exceljs read, styles cached as ours', `${seconds(styled.ms)} / ${seconds(styled.cpu)}`);
    line(
      'ratio ours / bare, wall (aim <= 1.5)',
      (ours.ms / bare.ms).toFixed(2),
      `styles cached ${(ours.ms / styled.ms).toFixed(2)}`,
    );
    line(
      'ratio ours / bare, CPU',
      (ours.cpu / bare.cpu).toFixed(2),
      `styles cached ${(ours.cpu / styled.cpu).toFixed(2)}`,
    );
    line('runs, wall/CPU ms', '', `ours ${ours.runs}; bare ${bare.runs}; styles ${styled.runs}`);
    line(
      'peak RSS ours (aim <= 400 MB)',
      mb(ours.rss),
      `heapUsed ${mb(ours.heap)}; ${mb(ours.start)} before reading; sampled every 20 ms in a fresh process`,
    );
    line('peak RSS bare', mb(bare.rss), `heapUsed ${mb(bare.heap)}; ${mb(bare.start)} before reading`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Started as a child by child() above.
const childKind = process.env[PHASE];
if (childKind) {
  const result = await phase(childKind, process.env[FILE]!);
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}
