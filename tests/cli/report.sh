#!/usr/bin/env bash
# `mote report`: the page is self-contained (nothing to fetch), and rendered in headless Chromium (Debian's
# `chromium`; skipped with a message when absent) its DOM holds one graph node per model node, the memory-plan
# tensors and the peak, one time bar per node, the ops table and the resolver; the page's script ran.
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
model="$src/tests/models/small_cnn_int8/model.tflite"
"$mote" report "$model" -o "$work/report.html" --runs 3 >"$work/out.txt" || { echo "FAILED: mote report"; cat "$work/out.txt"; exit 1; }
grep -qF "mote report: wrote $work/report.html" "$work/out.txt" || { echo "FAILED: report line"; cat "$work/out.txt"; fail=1; }
"$mote" inspect "$model" --json >"$work/inspect.json"

# Self-contained: no element loads anything (the only URL is SVG's XML namespace, which nothing fetches).
if grep -oE '(src|href)=|@import|url\(' "$work/report.html" | head -1 | grep -q .; then
  echo "FAILED: the report references an external resource"; fail=1
fi
if grep -oE 'https?://[^"]*' "$work/report.html" | grep -v '^http://www.w3.org/2000/svg$' | grep -q .; then
  echo "FAILED: the report contains a URL"; fail=1
fi

# A model this build cannot run still gets a page: the missing op marked, no resolver.
python3 "$src/tests/support/make_tiny_model.py" "$work/missing.tflite" '19,10' '0,1'
"$mote" report "$work/missing.tflite" -o "$work/missing.html" >/dev/null || { echo "FAILED: report on a model with a missing op"; fail=1; }
grep -qF '<tr class="lack"><td>HASHTABLE_LOOKUP</td>' "$work/missing.html" || { echo "FAILED: missing op not marked"; fail=1; }
grep -qF 'No resolver: the model uses ops this build of mote does not implement' "$work/missing.html" || { echo "FAILED: no-resolver note"; fail=1; }
"$mote" report "$work/nothing.tflite" >"$work/out.txt" 2>&1 && { echo "FAILED: report on a missing file succeeded"; fail=1; }

chromium_bin=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium_bin" ]; then
  echo "report: SKIPPED the headless Chromium check (no chromium; scripts/setup.sh installs Debian's)"
  exit $fail
fi
timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$work/profile" \
  --dump-dom "file://$work/report.html" >"$work/dom.html" 2>"$work/chromium.log" ||
  { echo "FAILED: chromium --dump-dom"; tail -5 "$work/chromium.log"; exit 1; }
python3 - "$work/dom.html" "$work/inspect.json" <<'PY' || fail=1
import html.parser, json, sys
dom, facts = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))

class Collect(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.tags = []; self.text = {}; self.stack = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs); self.tags.append((tag, a)); self.stack.append(a.get('id'))
    def handle_endtag(self, tag):
        if self.stack: self.stack.pop()
    def handle_data(self, data):
        for i in self.stack:
            if i: self.text[i] = self.text.get(i, '') + data

c = Collect(); c.feed(dom)
def having(tag, cls):
    return [a for t, a in c.tags if t == tag and cls in a.get('class', '').split()]
nodes = facts['nodes']
checks = {
    'script ran': any(t == 'body' and a.get('data-rendered') == 'yes' for t, a in c.tags),
    'one graph node per model node': len(having('g', 'node')) == len(nodes),
    'nodes carry their op': [a['data-op'] for a in having('g', 'node')] == [n['op'] for n in nodes],
    'variants shown': all(n['variant'] in dom for n in nodes),
    'memory plan tensors': len(having('rect', 'tensor')) > 0,
    'peak marked': any(a.get('id') == 'peak' for t, a in c.tags),
    'one time bar per node': len(having('div', 'timebar')) == len(nodes),
    'ops table': len(having('tr', 'have')) == sum(1 for o in facts['operators'] if o['count'] > 0),
    'resolver': 'mote::MicroMutableOpResolver<15>' in c.text.get('resolver', ''),
}
bad = [k for k, ok in checks.items() if not ok]
for k in bad: print('FAILED: report DOM:', k)
sys.exit(1 if bad else 0)
PY
exit $fail
