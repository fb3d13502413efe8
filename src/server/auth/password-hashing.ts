// Password hashing off the event loop: the engine's scrypt on threads of our own at a lower priority, with the
// queue, the test-only cost and their checks. Over 300 lines: the thread source, the queue and the hash format
// must be read together.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** The engine's scrypt settings (@better-auth/utils/password, node build): hashes stay interchangeable. */
const KEY_LENGTH = 64;
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 } as const;

/**
 * What each hashing thread runs (plain CommonJS, so it loads the same under tsx, vitest and node).
 * It lowers its own scheduling priority first: on Linux a thread's nice value is its own, so only
 * the hashing threads yield, and the event loop gets a core whenever it has work. Then it says
 * its kernel thread id (Linux), by which the pool reads its CPU time and nice value in /proc.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const { setPriority } = require("node:os");
try { setPriority(workerData.nice); } catch {}
let tid = null;
try { tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()); } catch {}
parentPort.postMessage({ tid });
parentPort.on("message", (job) => {
  try {
    const key = scryptSync(job.password.normalize("NFKC"), job.salt, workerData.keyLength, { ...workerData.scrypt, N: job.cost });
    parentPort.postMessage({ id: job.id, value: key.toString("hex") });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});`;

/** A thread's /proc stat fields from its state on (field 3 of proc(5) is index 0: utime 11, stime 12, nice 16). */
export function threadStat(path: string): string[] {
  const stat = readFileSync(path, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

interface Job {
  password: string;
  salt: string;
  /** scrypt's N. */
  cost: number;
}
interface Queued {
  job: Job;
  resolve: (value: any) => void;
  reject: (error: Error) => void;
  settled?: boolean;
  rescue?: NodeJS.Timeout;
  started?: number;
  /** The thread's CPU time (ms) and the clock when last looked at. */
  cpu?: number;
  checked?: number;
}

export interface PasswordHashingOptions {
  /** Hashing threads: at most this many hashes run at once (default: one per core). */
  threads?: number;
  /**
   * Nice value of the hashing threads, 0–19. Default 10: a nice-0 thread (the event loop) gets
   * about nine times their share of a core, so requests are answered promptly during a sign-in
   * storm, yet they still get more of the CPU than at 19, where anything else runnable takes it.
   */
  nice?: number;
  /**
   * How often a running hash's thread is checked for CPU starvation. Default: three times the
   * fastest hash seen so far (about 60–120 ms on a free core), 500 ms before the first.
   */
  rescueAfterMs?: number;
  /**
   * A thread that got less than this share of a core since the last check is starved: when other
   * processes keep every core busy, a nice-10 thread gets under 10 % of one (nice 19: 1.5 %). Its
   * hash is also started at normal priority on libuv's pool (first answer wins); once every thread
   * is starved, the hashes queued behind them go there too, as many at a time as there are
   * threads. A busy machine slows sign-in down but never stalls it. Busy with Tessera's own
   * requests, the threads get far more (at least about a quarter of a core even at nice 19 in the
   * bench's storm) and are left alone. (Linux; elsewhere a hash is rescued once it runs longer
   * than `rescueAfterMs`.) Default 0.15.
   */
  starvedBelowShare?: number;
  /**
   * For the test suite only (TEST_PASSWORD_HASH_COST, which the configuration refuses unless NODE_ENV=test):
   * scrypt's N for new hashes, below the engine's 16384 (1024 hashes about 16 times faster). Such a hash is
   * written `salt:key:N`; only an instance given the same cost accepts it. The engine and every instance at
   * the engine's cost check it at 16384, so it never matches there: a weak hash that reached a real
   * database signs nobody in. Hashes without a cost (the engine's) are checked at 16384 as always.
   */
  testCost?: number;
}

/**
 * The engine's password hash (scrypt N=16384 r=16 p=1, `salt:key` in hex, same results both ways)
 * on a small pool of low-priority threads instead of libuv's pool. libuv's four threads on a
 * two-core machine crowd out the event loop during a sign-in storm, so every other request waits
 * behind the hashes; here at most one hash per core runs, and below the event loop's priority.
 * Threads start on first use and keep the process alive only while hashing.
 */
export function createPasswordHashing({
  threads = availableParallelism(),
  nice = 10,
  rescueAfterMs,
  starvedBelowShare = 0.15,
  testCost,
}: PasswordHashingOptions = {}) {
  if (testCost !== undefined && !(Number.isInteger(Math.log2(testCost)) && testCost >= 2 && testCost < SCRYPT.N)) {
    throw new Error(`testCost must be a power of two from 2 to ${SCRYPT.N / 2}`);
  }
  const size = Math.max(1, threads);
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const queue: Queued[] = [];
  const running = new Map<Worker, Queued>();
  let nextId = 0;
  let closed = false;
  let peak = 0;
  let rescued = 0;
  let rescuing = 0;
  let fastest = Number.POSITIVE_INFINITY;
  const patience = () => rescueAfterMs ?? (fastest < Number.POSITIVE_INFINITY ? 3 * fastest : 500);

  function settle(task: Queued, error: Error | undefined, value?: unknown) {
    if (task.settled) return;
    task.settled = true;
    clearTimeout(task.rescue);
    if (error) task.reject(error);
    else task.resolve(value);
  }

  /** Threads found starved: the machine is busy, and they get no CPU to speak of. */
  const stalled = new Set<Worker>();
  /** Each thread's kernel id as it reported it (null: none to be had, not Linux). */
  const tids = new Map<Worker, number | null>();
  /** Settles once the thread has said who it is. */
  const introduced = new Map<Worker, Promise<void>>();

  /** CPU time a hashing thread has had, in ms (Linux: /proc, in clock ticks of 10 ms). */
  function cpuOf(worker: Worker): number | undefined {
    const tid = tids.get(worker);
    if (tid === undefined || tid === null) return undefined;
    try {
      const fields = threadStat(`/proc/self/task/${tid}/stat`);
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return undefined;
    }
  }

  /** A running hash's periodic check: rescued when its thread is starved, else looked at again later. */
  function check(worker: Worker, task: Queued) {
    if (task.settled) return;
    const now = performance.now();
    const cpu = cpuOf(worker);
    const again = () => {
      task.cpu = cpu;
      task.checked = now;
      task.rescue = setTimeout(check, patience(), worker, task);
    };
    // The thread has not said who it is yet: nothing to judge by.
    if (!tids.has(worker)) return again();
    if (cpu !== undefined) {
      if (task.cpu === undefined || task.checked === undefined) return again();
      if ((cpu - task.cpu) / (now - task.checked) >= starvedBelowShare) return again();
    }
    stalled.add(worker);
    rescue(task);
    pump();
  }

  /** The same key at normal priority on libuv's pool (what the engine itself would do). */
  function rescue(task: Queued) {
    if (task.settled) return;
    rescued++;
    rescuing++;
    const params = { ...SCRYPT, N: task.job.cost };
    scrypt(task.job.password.normalize("NFKC"), task.job.salt, KEY_LENGTH, params, (error, key) => {
      rescuing--;
      settle(task, error ?? undefined, key?.toString("hex"));
      pump();
    });
  }

  function spawn(): Worker {
    // Plain JavaScript: no loader (tsx) in the thread, which would also keep the process alive.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { nice, scrypt: SCRYPT, keyLength: KEY_LENGTH },
    });
    all.add(worker);
    let introduce = () => {};
    introduced.set(
      worker,
      new Promise<void>((resolve) => {
        introduce = resolve;
      }),
    );
    worker.on("message", (message: { value?: unknown; error?: string; tid?: number | null }) => {
      if ("tid" in message) {
        tids.set(worker, typeof message.tid === "number" && Number.isInteger(message.tid) ? message.tid : null);
        introduce();
        return;
      }
      const task = running.get(worker);
      running.delete(worker);
      stalled.delete(worker);
      worker.unref();
      if (task?.started !== undefined && message.error === undefined) {
        fastest = Math.min(fastest, performance.now() - task.started);
      }
      if (task) settle(task, message.error === undefined ? undefined : new Error(message.error), message.value);
      idle.push(worker);
      pump();
    });
    const fail = (error: Error) => {
      all.delete(worker);
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
      const task = running.get(worker);
      running.delete(worker);
      stalled.delete(worker);
      tids.delete(worker);
      introduced.delete(worker);
      if (task) settle(task, error);
      pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`password hashing thread exited (${code})`)));
    // An idle thread never keeps the process alive; a busy one does, until its answer is in (see pump).
    // After the listeners: adding a message listener refs the thread's port again.
    worker.unref();
    return worker;
  }

  function pump() {
    while (queue.length) {
      const worker = idle.pop() ?? (all.size < size ? spawn() : undefined);
      if (!worker) {
        // Every thread is starved: what waits behind them goes to libuv too, a thread's worth at a time.
        while (stalled.size === all.size && rescuing < size) {
          const task = queue.shift();
          if (!task) break;
          rescue(task);
        }
        return;
      }
      const task = queue.shift() as Queued;
      running.set(worker, task);
      worker.ref();
      peak = Math.max(peak, running.size);
      task.started = performance.now();
      task.checked = task.started;
      task.cpu = cpuOf(worker);
      task.rescue = setTimeout(check, patience(), worker, task);
      worker.postMessage({ id: ++nextId, ...task.job });
    }
  }

  function run<T>(job: Job): Promise<T> {
    if (closed) return Promise.reject(new Error("password hashing is closed"));
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      pump();
    });
  }

  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      const key = await run<string>({ password, salt, cost: testCost ?? SCRYPT.N });
      return testCost === undefined ? `${salt}:${key}` : `${salt}:${key}:${testCost}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, key, cost] = hash.split(":");
      // The engine's words for a stored value that is not one of its hashes.
      if (!salt || !key) throw new Error("Invalid password hash");
      // A test-cost hash counts only where that cost is set; elsewhere it is checked as the engine would check it.
      const at = cost !== undefined && testCost !== undefined && cost === String(testCost) ? testCost : SCRYPT.N;
      const computed = Buffer.from(await run<string>({ password, salt, cost: at }), "utf8");
      const stored = Buffer.from(key, "utf8");
      return computed.length === stored.length && timingSafeEqual(computed, stored);
    },
    /** The nice value of each running hashing thread (Linux), starting them if needed: for tests. */
    async threadNiceness(): Promise<number[]> {
      while (all.size < size) idle.push(spawn());
      const workers = [...all];
      await Promise.all(workers.map((worker) => introduced.get(worker)));
      return workers.map((worker) => {
        const tid = tids.get(worker);
        if (tid === undefined || tid === null) throw new Error("the thread gave no kernel thread id (not Linux)");
        return Number(threadStat(`/proc/self/task/${tid}/stat`)[16]);
      });
    },
    /** At most this many hashes run at once. */
    threads: size,
    /** Threads started, the most hashes that ever ran at once, hashes finished at normal priority. */
    stats: () => ({ started: all.size, peak, rescued }),
    /** Hashes asked for and not yet answered by their thread. */
    pending: () => queue.length + running.size,
    /** Refuses new hashes, lets those already asked for finish, then stops the threads. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      while (queue.length || running.size || rescuing) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;
