// bench.js: ONNX Runtime (onnxruntime-node, CPU execution provider) on
// ../shared/data/mnist-burn/mnist.onnx at batch 1, the yardstick of
// scripts/bench_onnx.sh.
//
//   node bench.js MODEL.onnx DATA_DIR N [THREADS]
//
// DATA_DIR holds t10k-images-idx3-ubyte[.gz] and t10k-labels-idx1-ubyte[.gz]
// (the idx format: big-endian u32 magic 0x803 / 0x801, counts, then bytes).
// Each image is normalised as ((x/255) - 0.1307) / 0.3081 and fed as
// f32[1,1,28,28]. THREADS sets intraOpNumThreads (0 or absent: ONNX
// Runtime's default). Image 0 is run once untimed as a warm-up; then the
// first N images are classified one at a time. The last line is
//   onnxruntime batch 1: C/N correct, accuracy A%, R images/s
"use strict";

const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const ort = require("onnxruntime-node");

function readIdx(dir, name, magic) {
  let file = path.join(dir, name);
  let buf;
  if (fs.existsSync(file)) {
    buf = fs.readFileSync(file);
  } else if (fs.existsSync(file + ".gz")) {
    buf = zlib.gunzipSync(fs.readFileSync(file + ".gz"));
  } else {
    throw new Error(`${file}[.gz] not found`);
  }
  if (buf.length < 8 || buf.readUInt32BE(0) !== magic) {
    throw new Error(`${file}: not an idx file with magic 0x${magic.toString(16)}`);
  }
  const dims = magic & 0xff;
  const shape = [];
  for (let i = 0; i < dims; i++) shape.push(buf.readUInt32BE(4 + 4 * i));
  const data = buf.subarray(4 + 4 * dims);
  const want = shape.reduce((a, b) => a * b, 1);
  if (data.length !== want) {
    throw new Error(`${file}: ${data.length} bytes of data, header says ${want}`);
  }
  return { shape, data };
}

async function main() {
  const [model, dataDir, nArg, threadsArg] = process.argv.slice(2);
  if (!model || !dataDir) {
    throw new Error("usage: node bench.js MODEL.onnx DATA_DIR [N] [THREADS]");
  }
  const images = readIdx(dataDir, "t10k-images-idx3-ubyte", 0x803);
  const labels = readIdx(dataDir, "t10k-labels-idx1-ubyte", 0x801);
  const count = images.shape[0];
  if (labels.shape[0] !== count || images.shape[1] !== 28 || images.shape[2] !== 28) {
    throw new Error(`unexpected idx shapes ${images.shape} / ${labels.shape}`);
  }
  let n = nArg ? parseInt(nArg, 10) : count;
  if (!(n > 0) || n > count) n = count;
  const threads = threadsArg ? parseInt(threadsArg, 10) : 0;

  const opts = { executionProviders: ["cpu"], graphOptimizationLevel: "all" };
  if (threads > 0) opts.intraOpNumThreads = threads;
  const session = await ort.InferenceSession.create(model, opts);
  const inName = session.inputNames[0];
  const outName = session.outputNames[0];

  const px = 28 * 28;
  // Normalise all N images up front so the timed loop is inference only.
  const inputs = [];
  for (let i = 0; i < n; i++) {
    const f = new Float32Array(px);
    for (let j = 0; j < px; j++) {
      f[j] = (images.data[i * px + j] / 255 - 0.1307) / 0.3081;
    }
    inputs.push(new ort.Tensor("float32", f, [1, 1, 28, 28]));
  }
  const argmax = (out) => {
    let best = 0;
    for (let k = 1; k < out.length; k++) if (out[k] > out[best]) best = k;
    return best;
  };

  const warm = await session.run({ [inName]: inputs[0] });
  console.log(`onnxruntime ${ort.env.versions ? ort.env.versions.common : ""} on ${path.basename(model)}: ` +
    `input ${inName}, output ${outName} ${JSON.stringify(warm[outName].dims)}, ` +
    `intraOpNumThreads ${threads > 0 ? threads : "default"}; image 0 predicted ${argmax(warm[outName].data)}, label ${labels.data[0]}`);

  let correct = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const res = await session.run({ [inName]: inputs[i] });
    if (argmax(res[outName].data) === labels.data[i]) correct++;
  }
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`onnxruntime batch 1: ${correct}/${n} correct, accuracy ${(100 * correct / n).toFixed(2)}%, ` +
    `${(n / secs).toFixed(0)} images/s`);
}

main().catch((e) => {
  console.error("bench.js:", e && e.message ? e.message : e);
  process.exit(1);
});
