import { startService } from "./kit";
const service = await startService();
const html = await (await fetch(`${service.base}/`, { headers: { "Accept-Encoding": "identity" } })).text();
console.log("bytes", Buffer.byteLength(html));
const m = html.match(/self\.__next_f/g); console.log("flight chunks", m?.length);
await service.stop();
