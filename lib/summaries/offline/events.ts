/**
 * Sentences for the filing types whose facts sit in prose or in forms ./extract.ts does not
 * read: results reports (periodic, treasury-stock results), market notices (listing review,
 * delisting, trading suspension), IR events, clinical trials and approvals, completion
 * reports of acquisitions, executives' ownership reports, outside-director changes and
 * voluntary management notices. Each sentence states only what a pattern found; every figure
 * is written by ../figures.ts and bound to its line afterwards (./bind.ts).
 */
import { formatCount, formatDate, formatKrw, formatPercent, parseAmount, parseDate } from "../figures";
import { personName, placeName, readableName } from "../names";
import { koreanLabel } from "../facts";
import { amountCell, dateCell, FilingText, textCell } from "./filing-text";

export interface EventContext {
  company: string;
  reportNm: string;
  eventType: string;
  body: string;
  text: FilingText;
}

type Describer = (c: EventContext) => string[];

/** "Samsung Electronics'", "STX's". */
export const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);

const sentence = (...parts: (string | false | null | undefined)[]) => `${parts.filter(Boolean).join("")}.`;

/** The ISO date right after `label` in prose (`승인일 : 2026년 4월 23일`), or null. */
function proseDate(body: string, label: RegExp): string | null {
  const match = new RegExp(
    `${label.source}[^0-9]{0,12}(\\d{4}\\s*[.\\-년]\\s*\\d{1,2}\\s*[.\\-월]\\s*\\d{1,2}\\s*일?)`,
  ).exec(body);
  return match ? parseDate(match[1].replace(/\.$/, "")) : null;
}

/** The dates of a notice, in order, with the text before each. */
function datesIn(text: string): { iso: string; before: string; after: string }[] {
  const out: { iso: string; before: string; after: string }[] = [];
  for (const m of text.matchAll(/(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\.?/g)) {
    const iso = parseDate(`${m[1]}.${m[2].padStart(2, "0")}.${m[3].padStart(2, "0")}`);
    if (iso)
      out.push({
        iso,
        before: text.slice(Math.max(0, (m.index ?? 0) - 60), m.index),
        after: text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 60),
      });
  }
  return out;
}

const marketNotice: Describer = ({ company, body, text }) => {
  const content = text.cellsAfter(/^내용$/).join(" ") || body;
  const dates = datesIn(content);
  /** The date a phrase follows (`2026.07.29 상장폐지가 결정`) or precedes (`감사의견거절, 2026.03.23`). */
  const after = (pattern: RegExp) =>
    dates.find((d) => new RegExp(`^\\s*'?(?:${pattern.source})`).test(d.after))?.iso ?? null;
  const before = (pattern: RegExp) =>
    dates.find((d) => new RegExp(`(?:${pattern.source})[\\s,(]*$`).test(d.before))?.iso ?? null;
  const out: string[] = [];
  const objection = after(/상장폐지\s*이의신청서를?\s*제출/);
  const delisted = after(/상장폐지가\s*결정|기업심사위원회/);
  if (objection) {
    out.push(
      sentence(
        `${company} filed an objection to its delisting on ${formatDate(objection)}`,
        delisted &&
          `, after the Korea Exchange's review committee decided on ${formatDate(delisted)}, following a substantive review of its listing eligibility, that it meets the delisting criteria`,
      ),
    );
    const days = /(\d+)일\s*\(영업일\s*기준\)\s*이내/.exec(content);
    const decide = /심의일로부터\s*(\d+)일\s*이내/.exec(content);
    if (days) {
      out.push(
        sentence(
          `The exchange will convene its listing committee within ${days[1]} business days of receiving the objection to deliberate on the delisting`,
          decide && `, and decide on delisting or an improvement period within ${decide[1]} days of that deliberation`,
        ),
      );
    }
    return out;
  }
  if (/실질심사\s*사유가?\s*추가/.test(content)) {
    const impaired = /자본금\s*전액이?\s*잠식/.test(content);
    const disclosed = after(/동사가\s*공시한/);
    out.push(
      sentence(
        `The Korea Exchange added a new ground to its substantive review of ${possessive(company)} listing eligibility`,
        impaired &&
          disclosed &&
          `: ${possessive(company)} disclosure of ${formatDate(disclosed)} showed its capital fully impaired at the end of the latest half year`,
      ),
    );
    const origin = after(/회계처리기준\s*위반/);
    if (delisted || /매매거래정지/.test(content)) {
      out.push(
        sentence(
          delisted
            ? `Its delisting had already been decided on ${formatDate(delisted)}`
            : `${possessive(company)} shares`,
          delisted &&
            origin &&
            ` in the review opened over its ${formatDate(origin)} disclosure of a prosecution referral for accounting-standard violations`,
          /매매거래정지/.test(content) &&
            (delisted ? ", and its shares remain suspended from trading" : " remain suspended from trading"),
        ),
      );
    }
    const until = after(/까지\s*개선기간/);
    const cause = before(/감사의견거절/);
    if (until)
      out.push(
        sentence(
          `Separately, ${company} has an improvement period until ${formatDate(until)}`,
          cause && ` for the disclaimer of audit opinion of ${formatDate(cause)}`,
        ),
      );
    return out;
  }
  if (/매매거래\s*정지/.test(content))
    out.push(
      sentence(
        `Trading in ${possessive(company)} shares is suspended`,
        dates[0] && ` (notice of ${formatDate(dates[0].iso)})`,
      ),
    );
  return out;
};

const irEvent: Describer = ({ company, text }) => {
  const [start, end] = text.rows.find((r) => dateCell(r[0]) !== null && r.length >= 2 && dateCell(r[1]) !== null) ?? [];
  const startIso = start ? dateCell(start) : null;
  const endIso = end ? dateCell(end) : null;
  const place = text.field(/^장소/, textCell);
  const audience = text.field(/^대상자/, textCell);
  const method = text.field(/^실시방법/, textCell);
  const purpose = text.field(/^실시목적/, textCell);
  const sponsor = text.field(/^후원기관/, textCell);
  const posted = text.field(/^게재일시/, dateCell);
  const confirmed = text.field(/^개최확정일/, dateCell);
  const when =
    startIso && endIso && startIso !== endIso
      ? `from ${formatDate(startIso)} to ${formatDate(endIso)}`
      : startIso
        ? `on ${formatDate(startIso)}`
        : null;
  const quarter = purpose && /(\d{4})년\s*([1-4])분기\s*실적/.exec(purpose);
  const quarterName = quarter
    ? `${["first", "second", "third", "fourth"][Number(quarter[2]) - 1]}-quarter ${quarter[1]}`
    : null;
  return [
    sentence(
      `${company} will hold `,
      method && /1\s*(대|:)\s*1/.test(method) ? "one-on-one investor meetings" : "an investor relations event",
      audience &&
        /기관투자자/.test(audience) &&
        (/국내/.test(audience) ? " with major domestic institutional investors" : " with institutional investors"),
      place && /여의도/.test(place) && " in Yeouido, Seoul",
      when && ` ${when}`,
      quarterName
        ? ` to present its ${quarterName} results, business status and strategy`
        : purpose && /실적/.test(purpose) && " to present its results",
    ),
    ...(sponsor
      ? [
          sentence(
            `The meetings are hosted by ${readableName(sponsor)}`,
            posted &&
              `, and the presentation materials will be posted on ${formatDate(posted)} on the company's website and the exchange's KIND system`,
          ),
        ]
      : []),
    ...(confirmed ? [sentence(`The event was confirmed on ${formatDate(confirmed)}`)] : []),
  ];
};

const clinical: Describer = ({ company, body, text }) => {
  const title = text.field(/^제목/, textCell) ?? "";
  const product = /([A-Z]{2,}-?[A-Z]?\d+[A-Z]?)/.exec(title)?.[1];
  const reference = /\(([가-힣A-Za-z]+)\s*바이오시밀러\)/.exec(title)?.[1];
  const referenceEn = reference === "키트루다" ? "Keytruda" : reference && /Keytruda/.test(body) ? "Keytruda" : null;
  const phase = /([1-3])상/.exec(title)?.[1];
  const phaseName = phase ? `Phase ${["I", "II", "III"][Number(phase) - 1]}` : "clinical";
  const approved = proseDate(body, /승인일/);
  const applied = proseDate(body, /신청일/);
  const amendment = /변경/.test(title);
  const country = /한국|국내/.test(title) ? "Korean " : /미국|FDA/.test(title) ? "US " : "";
  const regulator = /MFDS|식품의약품안전처/.test(body)
    ? "Korea's Ministry of Food and Drug Safety (MFDS)"
    : "the regulator";
  const subjects = /대상자\s*:\s*(\d[\d,]*)\s*명/.exec(body)?.[1];
  const disease = /\(([A-Z][A-Za-z\- ]+(?:Cancer|Disease|Syndrome|Carcinoma))\)/.exec(body)?.[1];
  if (!product) return [];
  return [
    sentence(
      `${company} said ${regulator} approved`,
      amendment ? ` a change to its ${country}${phaseName} trial plan` : ` its ${country}${phaseName} trial plan`,
      ` for ${product}`,
      referenceEn && `, its biosimilar of ${referenceEn}`,
      approved && `, on ${formatDate(approved)}`,
    ),
    ...(subjects || disease
      ? [
          sentence(
            "The trial compares ",
            product,
            referenceEn ? ` with ${referenceEn}` : "",
            " for efficacy and safety",
            subjects && ` in ${subjects} patients`,
            disease && ` with ${disease.toLowerCase()}`,
          ),
        ]
      : []),
    ...(applied ? [sentence(`The application was filed on ${formatDate(applied)}`)] : []),
  ];
};

const completion: Describer = ({ company, body, text }) => {
  const asset = text.field(/^양수도대상자산/, textCell);
  const seller = text.field(/^양도인/, textCell);
  const price = text.field(/^양수도금액/, amountCell);
  const end = text.field(/^자산양수도종료일/, dateCell);
  const board = text.field(/^이사회결의일/, dateCell);
  const deposit = text.cellsAfter(/^계약금및중도금/);
  const trust = text.cellsAfter(/^담보신탁채무/);
  const lease = text.field(/^임대차계약의승계금/, amountCell);
  const landAndBuildings = asset && /토지\s*및\s*건물/.test(asset);
  const place = asset ? placeName(asset.replace(/\d[\d\-및\s]*.*$/, "")) : null;
  const out = [
    sentence(
      `${company} completed its `,
      price !== null && `${formatKrw(price)} `,
      landAndBuildings ? "purchase of land and buildings" : "asset acquisition",
      place && ` in ${place}`,
      seller && ` from ${readableName(seller)}`,
      end && `, with the final payment made on ${formatDate(end)}`,
    ),
  ];
  const depositAmount = deposit.map(amountCell).find((v) => v !== null && v > 1000);
  const depositDate = deposit.map(dateCell).find((v) => v !== null);
  const trustAmount = trust.map(amountCell).find((v) => v !== null && v > 1000);
  if (depositAmount || trustAmount || lease) {
    const parts = [
      depositAmount &&
        `${formatKrw(depositAmount)} in deposit and interim payments${depositDate ? ` on ${formatDate(depositDate)}` : ""}`,
      trustAmount && `${formatKrw(trustAmount)} by refinancing the seller's trust-secured debt`,
      lease && `${formatKrw(lease)} of lease deposits assumed`,
    ].filter(Boolean) as string[];
    out.push(
      sentence(
        `The price was settled as ${parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0]}`,
      ),
    );
  }
  const [assetsBefore, , assetsAfter] = text.cellsAfter(/^자산총계/).map((c) => parseAmount(c));
  if (assetsBefore && assetsAfter && /단위\s*:\s*백만원/.test(body)) {
    out.push(
      sentence(
        `On a pro forma basis its total assets rise from ${formatKrw(assetsBefore * 1e6)} to ${formatKrw(assetsAfter * 1e6)}`,
      ),
    );
  }
  if (board) out.push(sentence(`The board approved the purchase on ${formatDate(board)}`));
  return out;
};

const executiveHolding: Describer = ({ company, text }) => {
  const name = text.field(/^보고자$/, textCell);
  const role = text.cellsAfter(/^발행회사와의관계/);
  const title = role[role.findIndex((c) => /직위명/.test(c)) + 1];
  const registered = role.some((c) => c === "비등기임원")
    ? "a non-registered executive"
    : role.some((c) => c === "등기임원")
      ? "a registered director"
      : "an executive";
  const before = text
    .cellsAfter(/^직전보고서$/)
    .map(amountCell)
    .filter((v): v is number => v !== null);
  const after = text
    .cellsAfter(/^이번보고서$/)
    .map(amountCell)
    .filter((v): v is number => v !== null);
  const trades = text.rows.filter((r) => /^장내(매도|매수)/.test(r[0]));
  const selling = trades.some((r) => /매도/.test(r[0]));
  const change = text
    .cellsAfter(/^증감$/)
    .map(amountCell)
    .find((v) => v !== null);
  const person = name ? personName(name) : "An executive";
  const titleEn =
    title === "이사"
      ? "director"
      : title === "상무"
        ? "managing director"
        : title === "전무"
          ? "executive vice president"
          : title === "부사장"
            ? "vice president"
            : null;
  const out = [
    sentence(
      `${person}, ${registered}${titleEn ? ` (${titleEn})` : ""} of ${company}, reported `,
      change !== null && change !== undefined
        ? `${selling ? "selling" : "buying"} ${formatCount(Math.abs(change))} common shares on the market`
        : "a change in holdings",
      before.length >= 2 &&
        after.length >= 2 &&
        `, taking the holding from ${formatCount(before[0])} to ${formatCount(after[0])} shares`,
      after.length >= 2 && after[1] > 0 && ` (${formatPercent(after[1])} of the company)`,
    ),
  ];
  const legs = trades
    .map((r) => ({ date: dateCell(r[1] ?? ""), shares: amountCell(r[4] ?? ""), price: amountCell(r[6] ?? "") }))
    .filter((t) => t.date && t.shares !== null && t.price !== null);
  if (legs.length > 0) {
    out.push(
      sentence(
        `The trades were ${legs.map((t) => `${formatCount(Math.abs(t.shares!))} shares on ${formatDate(t.date!)} at ${formatKrw(t.price!)}`).join(" and ")}`,
      ),
    );
  }
  return out;
};

const treasuryResult: Describer = ({ company, text, body }) => {
  const filed =
    proseDate(body, /주요사항보고서\s*제출일/) ??
    text.rows
      .map((r) => dateCell(r[0]))
      .find((d, i) => d && /주요사항보고서제출일/.test(text.rows[i - 1]?.[0]?.replace(/\s+/g, "") ?? "")) ??
    null;
  const holders = text.rows.filter(
    (r) =>
      r[1] === "보통주식" &&
      r.length >= 4 &&
      amountCell(r[2]) !== null &&
      amountCell(r[3]) !== null &&
      !/^계/.test(r[0]),
  );
  const asOf = /\[(\d{4}년\s*\d{1,2}월\s*\d{1,2}일)\s*현재\]/.exec(body)?.[1];
  const out = [
    sentence(
      `${company} reported the result of the treasury-share purchase it announced`,
      filed && ` on ${formatDate(filed)}`,
    ),
  ];
  if (holders.length > 0) {
    const [main] = holders;
    const b = amountCell(main[2])!;
    const a = amountCell(main[3])!;
    out.push(
      sentence(
        `Over the purchase, its largest shareholder ${readableName(main[0])} ${a < b ? "cut" : "raised"} its common shares from ${formatCount(b)} to ${formatCount(a)}`,
        /장내거래로\s*매도/.test(main[4] ?? "") && " by selling on the market",
        asOf && ` (as of ${formatDate(parseDate(asOf)!)})`,
      ),
    );
    const special = holders[1];
    if (special && /특별계정/.test(special[0])) {
      const sb = amountCell(special[2])!;
      const sa = amountCell(special[3])!;
      out[out.length - 1] = out[out.length - 1].replace(
        /\.$/,
        `, while its special account ${sa > sb ? "raised" : "cut"} its holding from ${formatCount(sb)} to ${formatCount(sa)}.`,
      );
    }
    const total = text.rows.find((r) => /^계$/.test(r[0]) && r[1] === "보통주식");
    if (total)
      out.push(
        sentence(
          `The largest shareholder and related parties held ${formatCount(amountCell(total[3])!)} common shares afterwards, against ${formatCount(amountCell(total[2])!)} before`,
        ),
      );
  }
  return out;
};

const directorChange: Describer = ({ company, text }) => {
  const filed = text.rows.map((r) => dateCell(r[0])).find((d) => d !== null);
  const blank = !/\d/.test(text.cellsAfter(/사외이사변경발생일|선임ㆍ재선임\(명\)|등기이사총수/).join(""));
  const appointed = text.field(/^선임ㆍ재선임\(명\)/, amountCell);
  return [
    sentence(`${company} filed a report on a change of its outside directors`, filed && ` dated ${formatDate(filed)}`),
    ...(blank && appointed === null
      ? [
          "The form as filed leaves its fields blank: it gives no date of the change, no number of directors appointed or leaving and no board composition before or after.",
        ]
      : []),
  ];
};

const voluntary: Describer = ({ company, body, text }) => {
  const title = text.field(/^제목/, textCell) ?? "";
  const amount = /출연금액\s*:\s*([\d,]+\s*(?:조|억|만)\s*(?:[\d,]+\s*(?:억|만))?\s*원)/.exec(body)?.[1];
  const decided = text.field(/^결정\(확인\)일자/, dateCell);
  const out: string[] = [];
  if (/인센티브\s*기금\s*출연/.test(title) && amount) {
    const won = parseAmount(amount);
    const division = /DS부문/.test(title) ? " in its DS (semiconductor) division" : "";
    out.push(
      sentence(
        `${company} will contribute ${formatKrw(won!)} to an incentive fund for small and medium-sized partner companies working on site${division}`,
        /안전사고\s*예방/.test(body) &&
          ", to prevent safety accidents, improve quality and spread cooperation with its suppliers",
      ),
    );
    const safety = /연\s*2회\('(\d{2})\.(\d{1,2})월\s*및\s*'(\d{2})\.(\d{1,2})월\)/.exec(body);
    const bonus = /연\s*1회\('(\d{2})\.(\d{1,2})월\)/.exec(body);
    const month = (yy: string, mm: string) =>
      `${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][Number(mm) - 1]} 20${yy}`;
    if (safety) {
      out.push(
        sentence(
          `Safety incentives will be paid twice a year, in ${month(safety[1], safety[2])} and ${month(safety[3], safety[4])}`,
          bonus && `, and a productivity bonus once, in ${month(bonus[1], bonus[2])}`,
          /협력재단/.test(body) &&
            ", through the Korea Foundation for Cooperation of Large & Small Business, Rural Affairs",
        ),
      );
    }
  }
  if (decided)
    out.push(
      sentence(
        `The ${/이사회\s*결의일/.test(body) ? "board decided it" : "decision was made"} on ${formatDate(decided)}`,
      ),
    );
  return out;
};

const periodicReport: Describer = ({ company, text, reportNm }) => {
  // The consolidated income statement: three-month and cumulative columns of this period.
  const revenue = text.rows.find((r) => /^수익\(매출액\)$|^매출액$/.test(r[0].replace(/\s+/g, "")) && r.length === 5);
  const operating = text.rows.find((r) => /^영업이익(\(손실\))?$/.test(r[0].replace(/\s+/g, "")) && r.length === 5);
  const net = text.rows.find((r) => /^당기순이익(\(손실\))?$/.test(r[0].replace(/\s+/g, "")) && r.length === 5);
  const assets = text.rows.find((r) => /^자산총계$/.test(r[0].replace(/\s+/g, "")));
  const million = (cell: string | undefined) => (cell ? (parseAmount(cell) ?? 0) * 1e6 : 0);
  const half = /반기/.test(reportNm);
  const period = half ? "first half" : "period";
  const year = /\((\d{4})\.\d{2}\)/.exec(reportNm)?.[1];
  if (!revenue || !operating) return [];
  return [
    sentence(
      `${company} reported consolidated revenue of ${formatKrw(million(revenue[2]))} for the ${period}${year ? ` of ${year}` : ""}, operating profit of ${formatKrw(million(operating[2]))}`,
      net && ` and net income of ${formatKrw(million(net[2]))}`,
      `, against ${formatKrw(million(revenue[4]))} and ${formatKrw(million(operating[4]))} a year earlier`,
    ),
    sentence(
      `In the latest quarter alone revenue was ${formatKrw(million(revenue[1]))} and operating profit ${formatKrw(million(operating[1]))}`,
    ),
    ...(assets ? [sentence(`Total assets stood at ${formatKrw(million(assets[1]))} at the end of the period`)] : []),
  ];
};

const COURTS: Readonly<Record<string, string>> = {
  서울중앙지방법원: "the Seoul Central District Court",
  서울남부지방법원: "the Seoul Southern District Court",
  서울동부지방법원: "the Seoul Eastern District Court",
  서울서부지방법원: "the Seoul Western District Court",
  서울북부지방법원: "the Seoul Northern District Court",
  수원지방법원: "the Suwon District Court",
  서울고등법원: "the Seoul High Court",
  대법원: "the Supreme Court",
};

const litigation: Describer = ({ company, text }) => {
  const plaintiff = text.field(/^원고ㆍ신청인|^원고/, textCell);
  const claim = text.field(/^청구금액|^소송가액/, amountCell) ?? text.field(/^청구내용/, amountCell);
  const court = text.field(/^관할법원/, textCell);
  const filed = text.field(/^제기일자|^신청일자/, dateCell);
  const confirmed = text.field(/^확인일자/, dateCell);
  const percent = text.field(/^자기자본대비/, amountCell);
  const damages = text.rows.some((r) => r.some((c) => /손해배상/.test(c)));
  return [
    sentence(
      `${company} was sued`,
      plaintiff && ` by ${readableName(plaintiff)}`,
      damages ? " for damages" : "",
      claim !== null && ` of ${formatKrw(claim)}`,
      percent !== null && ` (${formatPercent(percent)} of its equity)`,
      court && COURTS[court.replace(/\s+/g, "")] && ` at ${COURTS[court.replace(/\s+/g, "")]}`,
    ),
    ...(filed || confirmed
      ? [
          sentence(
            filed ? `The suit was filed on ${formatDate(filed)}` : "",
            filed && confirmed ? ", and the company" : confirmed ? "The company" : "",
            confirmed ? ` confirmed it on ${formatDate(confirmed)}` : "",
          ),
        ]
      : []),
  ];
};

/**
 * Any other form: the figures under labels the dictionary knows, in the body's order, as one
 * plain sentence (at most four), so a filing type without its own reader still states facts.
 */
export function labelledFigures(c: EventContext & { eventLabelEn: string }): string[] {
  const stated: string[] = [];
  const seen = new Set<string>();
  // (label, value) pairs: a row's own label and first cell, and label cells followed by a value.
  const pairs = c.text.rows.flatMap((row) => row.slice(0, -1).map((cell, i) => [cell, row[i + 1]] as const));
  for (const [labelCell, cell] of pairs) {
    if (stated.length >= 4) break;
    const label = koreanLabel(labelCell);
    if (!label || label.concept === "contact" || seen.has(label.concept)) continue;
    const row = [labelCell];
    const date = dateCell(cell);
    const amount = date ? null : amountCell(cell);
    const key = row[0].replace(/\s+/g, "");
    let value: string | null = null;
    if (date) value = `${formatDate(date)}`;
    else if (amount !== null && /\(원\)|원$/.test(key + cell)) value = formatKrw(amount);
    else if (amount !== null && /\(%\)|%$/.test(key + cell)) value = formatPercent(amount);
    if (!value) continue;
    seen.add(label.concept);
    stated.push(`${label.en} ${date ? "on" : "of"} ${value}`);
  }
  if (stated.length === 0) return [];
  const list = stated.length === 1 ? stated[0] : `${stated.slice(0, -1).join(", ")} and ${stated[stated.length - 1]}`;
  return [sentence(`${possessive(c.company)} ${c.eventLabelEn.toLowerCase()} filing states ${list}`)];
}

/** Describers by event type; a type may have several forms, told apart by its title. */
export function describeEvent(c: EventContext): string[] {
  switch (c.eventType) {
    case "DELISTING_RISK":
    case "TRADING_SUSPENSION":
    case "LISTING_REVIEW":
      return marketNotice(c);
    case "IR_EVENT":
      return irEvent(c);
    case "CLINICAL_TRIAL":
      return clinical(c);
    case "ASSET_ACQUISITION":
    case "ASSET_DISPOSAL":
    case "MERGER":
      return /종료보고서/.test(c.reportNm) ? completion(c) : [];
    case "MAJOR_SHAREHOLDER_FILING":
      return /임원ㆍ주요주주/.test(c.reportNm) ? executiveHolding(c) : [];
    case "TREASURY_STOCK_ACQUISITION":
    case "TREASURY_STOCK_DISPOSAL":
      return /결과보고서/.test(c.reportNm) ? treasuryResult(c) : [];
    case "INDEPENDENT_DIRECTOR_CHANGE":
      return directorChange(c);
    case "LITIGATION":
      return litigation(c);
    case "MATERIAL_EVENT":
      return voluntary(c);
    default:
      return /반기보고서|분기보고서|사업보고서/.test(c.reportNm) ? periodicReport(c) : [];
  }
}
