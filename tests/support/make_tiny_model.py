# Writes a minimal TFLite model (schema version 3): a chain of operators over int8 [1, 4] tensors.
#   make_tiny_model.py OUT 'CODES' 'USES'   CODES: comma list of builtin numbers or custom names; USES: opcode
#   index per operator, in order. Also importable: build(codes, uses) returns the bytes (tests/python).
import struct, sys

class Writer:
    """Forward FlatBuffer writer: each table is followed by its children (uoffsets point forward)."""
    def __init__(self):
        self.b = bytearray()
    def pad(self, n):
        while len(self.b) % n: self.b.append(0)
    def put(self, fmt, *v):
        self.b += struct.pack('<' + fmt, *v)
    def patch(self, at, target):
        struct.pack_into('<I', self.b, at, target - at)
    def string(self, s):
        data = s if isinstance(s, bytes) else s.encode()
        self.pad(4); pos = len(self.b); self.put('I', len(data)); self.b += data + b'\0'
        return pos
    def ints(self, values):
        self.pad(4); pos = len(self.b); self.put('I', len(values))
        for v in values: self.put('i', v)
        return pos
    def tables(self, items):
        self.pad(4); pos = len(self.b); self.put('I', len(items))
        slots = []
        for _ in items: slots.append(len(self.b)); self.put('I', 0)
        for slot, item in zip(slots, items): self.patch(slot, self.table(item))
        return pos
    def table(self, fields):
        # fields: {id: (kind, value)}; kinds: b (int8), i (int32), I (uint32), str, ints, tables
        n = max(fields) + 1 if fields else 0
        layout, size = {}, 4
        for fid in sorted(fields):
            kind = fields[fid][0]
            width = 1 if kind == 'b' else 4
            size = (size + width - 1) // width * width
            layout[fid] = size; size += width
        size = (size + 3) // 4 * 4
        self.pad(2)
        vt = len(self.b)
        self.put('HH', 4 + 2 * n, size)
        for fid in range(n): self.put('H', layout.get(fid, 0))
        self.pad(4)
        tpos = len(self.b)
        self.put('i', tpos - vt)
        self.b += bytes(size - 4)
        children = []
        for fid, (kind, value) in fields.items():
            at = tpos + layout[fid]
            if kind in ('b', 'i', 'I'): struct.pack_into('<' + kind, self.b, at, value)
            else: children.append((at, kind, value))
        for at, kind, value in children:
            self.patch(at, getattr(self, {'str': 'string', 'ints': 'ints', 'tables': 'tables'}[kind])(value))
        return tpos

def build(codes, uses):
    """The model's bytes. codes: builtin numbers (as strings) or custom names; uses: opcode index per operator."""
    opcodes = []
    for c in codes:
        if c.isdigit(): opcodes.append({0: ('b', min(int(c), 127)), 2: ('i', 1), 3: ('i', int(c))})
        else: opcodes.append({0: ('b', 32), 1: ('str', c), 2: ('i', 1), 3: ('i', 32)})
    names = ['in "quoted"\\back\nline\ttab'] + ['t%d' % i for i in range(1, len(uses))] + ['caf\u00e9']
    tensors = [{0: ('ints', [1, 4]), 1: ('b', 9), 2: ('I', 0), 3: ('str', names[i])} for i in range(len(uses) + 1)]
    operators = [{0: ('I', u), 1: ('ints', [k]), 2: ('ints', [k + 1])} for k, u in enumerate(uses)]
    subgraph = {0: ('tables', tensors), 1: ('ints', [0]), 2: ('ints', [len(uses)]), 3: ('tables', operators),
                4: ('str', 'main')}
    model = {0: ('I', 3), 1: ('tables', opcodes), 2: ('tables', [subgraph]),
             3: ('str', b'synthetic "test" model \xff'), 4: ('tables', [{}])}
    w = Writer()
    w.put('I', 0); w.b += b'TFL3'
    w.patch(0, w.table(model))
    return bytes(w.b)

if __name__ == '__main__':
    out, codes, uses = sys.argv[1], sys.argv[2].split(','), [int(u) for u in sys.argv[3].split(',')]
    open(out, 'wb').write(build(codes, uses))
