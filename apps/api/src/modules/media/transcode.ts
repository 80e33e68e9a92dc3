import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { probe, runFfmpeg } from './ffmpeg.js';

/** Bump when the output changes, so cached demo videos are made again. */
export const PIPELINE_VERSION = 3;

/** What to transcode: an uploaded file, or a demo video drawn by ffmpeg itself (title, timecode, tone). */
export type VideoInput =
  | { kind: 'file'; file: string }
  | { kind: 'demo'; title: string; subtitle: string; seconds: number; tone: number; captions: boolean };

export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

export interface TranscodeResult {
  durationSeconds: number;
  renditions: Rendition[];
  hasPoster: boolean;
  captions: { lang: string; label: string }[];
}

/** The ladder, best first; a source gets the rungs at or below its own height (at most three). */
const LADDER = [
  { height: 1080, videoKbps: 4500 },
  { height: 720, videoKbps: 2500 },
  { height: 480, videoKbps: 1100 },
  { height: 360, videoKbps: 700 },
  { height: 240, videoKbps: 350 },
];
const AUDIO_KBPS = 96;
const SEGMENT_SECONDS = 4;
/** MPEG-TS timestamps of ffmpeg's HLS output start at 1.4 s; captions are mapped onto them. */
const TS_START = 126_000;
/** Main profile, level 3.1: plays everywhere HLS plays. */
const CODECS = 'avc1.4d401f,mp4a.40.2';

export function ladderFor(width: number, height: number) {
  const fitting = LADDER.filter((r) => r.height <= height);
  const rungs = (fitting.length ? fitting : [LADDER[LADDER.length - 1]!]).slice(0, 3);
  return rungs.map((r) => {
    const w = Math.round((width * r.height) / height / 2) * 2;
    return { name: `${r.height}p`, width: w, height: r.height, videoKbps: r.videoKbps };
  });
}

const fontFile = () => {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@expo-google-fonts/sarabun/package.json'));
  return path.join(dir, '600SemiBold', 'Sarabun_600SemiBold.ttf');
};

/** Escapes a value for an ffmpeg filter graph option. */
const filterValue = (v: string) =>
  `'${v.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

/** Sum of the segment durations of a media playlist. */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const m of playlist.matchAll(/#EXTINF:([\d.]+)/g)) total += Number(m[1]);
  return total;
}

const vttTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, l = 2) => String(n).padStart(l, '0');
  return `${pad(h)}:${pad(m)}:${pad(sec)}.${pad(ms % 1000, 3)}`;
};

export function masterPlaylist(renditions: Rendition[], captions: { lang: string; label: string }[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const c of captions) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${c.label}",LANGUAGE="${c.lang}",DEFAULT=NO,AUTOSELECT=YES,URI="captions/${c.lang}.m3u8"`,
    );
  }
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${Math.round(r.bandwidth / 1.1)},RESOLUTION=${r.width}x${r.height},CODECS="${CODECS}"${captions.length ? ',SUBTITLES="subs"' : ''}`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Transcodes the input into `outDir`: one folder of 4-second MPEG-TS segments and a playlist per rendition,
 * `poster.jpg`, the master playlist (written here: the npm ffmpeg build crashes on `-master_pl_name`), and for
 * demo videos a Thai WebVTT caption track.
 */
export async function transcode(
  bin: string,
  input: VideoInput,
  outDir: string,
  signal?: AbortSignal,
  /** Hears the share done, 0 to 100, as ffmpeg goes. */
  onPercent?: (percent: number) => void,
): Promise<TranscodeResult> {
  await fs.mkdir(outDir, { recursive: true });
  let inputArgs: string[];
  let pre = '';
  let audio: string;
  let source: { width: number; height: number };
  let expected: number | null;
  if (input.kind === 'file') {
    const info = await probe(bin, input.file);
    source = info;
    expected = info.durationSeconds;
    inputArgs = ['-i', input.file];
    audio = info.hasAudio ? '0:a:0' : '';
  } else {
    source = { width: 640, height: 360 };
    const d = input.seconds;
    expected = d;
    inputArgs = [
      ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=24:duration=${d}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${input.tone}:sample_rate=48000:duration=${d}`],
    ];
    audio = '1:a:0';
    const titleFile = path.join(outDir, 'title.txt');
    const subFile = path.join(outDir, 'subtitle.txt');
    await fs.writeFile(titleFile, input.title);
    await fs.writeFile(subFile, input.subtitle);
    const font = filterValue(fontFile());
    pre = [
      'drawbox=y=ih*0.58:w=iw:h=ih*0.34:color=black@0.7:t=fill',
      `drawtext=fontfile=${font}:textfile=${filterValue(titleFile)}:fontcolor=white:fontsize=28:x=(w-text_w)/2:y=h*0.62`,
      `drawtext=fontfile=${font}:textfile=${filterValue(subFile)}:fontcolor=0xdddddd:fontsize=18:x=(w-text_w)/2:y=h*0.73`,
      `drawtext=fontfile=${font}:text='%{pts\\:hms}':fontcolor=white:fontsize=18:x=(w-text_w)/2:y=h*0.82`,
    ].join(',');
  }
  const rungs = ladderFor(source.width, source.height);
  const labels = rungs.map((_, i) => `v${i}`);
  const graph =
    `[0:v]${pre ? `${pre},` : ''}split=${rungs.length}${labels.map((l) => `[s${l}]`).join('')};` +
    rungs.map((r, i) => `[s${labels[i]}]scale=${r.width}:${r.height}[${labels[i]}]`).join(';');
  const args = ['-y', ...inputArgs, '-filter_complex', graph];
  for (const [i, r] of rungs.entries()) {
    const dir = path.join(outDir, r.name);
    await fs.mkdir(dir, { recursive: true });
    args.push(
      ...['-map', `[${labels[i]}]`],
      ...(audio ? ['-map', audio, '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'] : []),
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-level',
        '3.1',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-b:v', `${r.videoKbps}k`, '-maxrate', `${Math.round(r.videoKbps * 1.1)}k`],
      ...['-bufsize', `${r.videoKbps * 2}k`, '-sc_threshold', '0'],
      ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', path.join(dir, 'seg_%04d.ts'), path.join(dir, 'index.m3u8')],
    );
  }
  const onTime =
    onPercent && expected
      ? (t: number) => onPercent(Math.min(99, Math.max(0, Math.floor((100 * t) / expected))))
      : undefined;
  await runFfmpeg(bin, args, signal, onTime);

  const top = rungs[0]!;
  const durationSeconds = playlistSeconds(
    await fs.readFile(path.join(outDir, top.name, 'index.m3u8'), 'utf8'),
  );
  if (durationSeconds <= 0) throw new Error('The video has no frames');
  await runFfmpeg(
    bin,
    [
      ...[
        '-y',
        '-ss',
        String(Math.min(2, durationSeconds / 2)),
        '-i',
        path.join(outDir, top.name, 'index.m3u8'),
      ],
      ...['-frames:v', '1', '-q:v', '4', path.join(outDir, 'poster.jpg')],
    ],
    signal,
  );

  const captions: { lang: string; label: string }[] = [];
  if (input.kind === 'demo' && input.captions) {
    await writeDemoCaptions(outDir, input.title, durationSeconds);
    captions.push({ lang: 'th', label: 'ไทย' });
  }
  const renditions = rungs.map((r) => ({
    name: r.name,
    width: r.width,
    height: r.height,
    bandwidth: Math.round((r.videoKbps + AUDIO_KBPS) * 1000 * 1.1),
  }));
  await fs.writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist(renditions, captions));
  await fs.rm(path.join(outDir, 'title.txt'), { force: true });
  await fs.rm(path.join(outDir, 'subtitle.txt'), { force: true });
  return { durationSeconds: Math.round(durationSeconds), renditions, hasPoster: true, captions };
}

async function writeDemoCaptions(outDir: string, title: string, seconds: number) {
  const dir = path.join(outDir, 'captions');
  await fs.mkdir(dir, { recursive: true });
  const cues: string[] = [];
  for (let t = 0, n = 1; t < seconds; t += 6, n++) {
    cues.push(`${n}\n${vttTime(t)} --> ${vttTime(Math.min(seconds, t + 5.5))}\n${title} (ช่วงที่ ${n})`);
  }
  const vtt = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${TS_START},LOCAL:00:00:00.000\n\n${cues.join('\n\n')}\n`;
  await fs.writeFile(path.join(dir, 'th.vtt'), vtt);
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    'th.vtt',
    '#EXT-X-ENDLIST',
  ];
  await fs.writeFile(path.join(dir, 'th.m3u8'), `${playlist.join('\n')}\n`);
}
