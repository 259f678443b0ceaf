/** A filing's page on DART's own viewer. No server imports: the explorer's rows build it in the browser too. */
export function dartViewerUrl(rcptNo: string): string {
  return `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${rcptNo}`;
}
