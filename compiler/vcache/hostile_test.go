package vcache

import (
	"encoding/binary"
	"runtime"
	"strings"
	"testing"
)

// TestHostileCountsAllocateLittle: a body whose checksum holds but whose
// counts claim as many documents, keys, diagnostics, results or deleted
// names as it has bytes is rejected without allocating many times its
// size (a 70 MB cache claiming 70 M diagnostics made 8 GB of them first).
func TestHostileCountsAllocateLittle(t *testing.T) {
	const size = 1 << 20
	pad := strings.Repeat("\xff", size) // never a valid string or count
	head := func(b []byte) []byte {     // an entry up to its documents
		b = AppendString(b, "a.yaml")
		for range 4 {
			b = binary.AppendVarint(b, 1)
		}
		b = AppendString(b, "key")
		return AppendString(b, "sem")
	}
	claim := uint64(size)
	cases := map[string][]byte{}
	b := head(nil)
	cases["documents"] = binary.AppendUvarint(b, claim)
	b = binary.AppendUvarint(head(nil), 0)
	cases["keys"] = binary.AppendUvarint(b, claim)
	b = binary.AppendUvarint(binary.AppendUvarint(head(nil), 0), 0)
	cases["diagnostics"] = binary.AppendUvarint(b, claim)
	b = append(binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(head(nil), 0), 0), 0), 1)
	cases["results"] = binary.AppendUvarint(b, claim)
	b = append(binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(head(nil), 0), 0), 0), 1, 1)
	cases["result diagnostics"] = binary.AppendUvarint(b, claim)
	for name, entry := range cases {
		pack := binary.AppendUvarint(binary.AppendVarint(nil, 7), 1)
		pack = append(append(pack, entry...), pad...)
		rec := binary.AppendUvarint(binary.AppendVarint(nil, 7), 1)
		rec = append(append(rec, entry...), pad...)
		for what, decode := range map[string]func() error{
			"snapshot": func() error { _, _, err := decodePack(string(pack)); return err },
			"record":   func() error { _, _, _, err := decodeRecord(string(rec)); return err },
		} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := decode()
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Errorf("%s claiming %s decoded", what, name)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 4*size {
				t.Errorf("%s claiming %d %s: allocated %d bytes for a %d-byte body", what, claim, name, got, len(pack))
			}
		}
	}
	dels := binary.AppendUvarint(binary.AppendUvarint(binary.AppendVarint(nil, 7), 0), claim)
	dels = append(dels, pad...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, _, err := decodeRecord(string(dels))
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Error("record claiming deleted names decoded")
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4*size {
		t.Errorf("record claiming %d deleted names: allocated %d bytes", claim, got)
	}
}
