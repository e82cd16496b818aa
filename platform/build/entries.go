package build

import "encoding/binary"

// The signatures and fixed sizes of the zip records countEntries reads
// (APPNOTE.TXT 4.3.12 to 4.3.16).
const (
	dirHeaderSig = "PK\x01\x02" // central directory file header
	dirEndSig    = "PK\x05\x06" // end of central directory record
	dir64LocSig  = "PK\x06\x07" // zip64 end of central directory locator
	dir64EndSig  = "PK\x06\x06" // zip64 end of central directory record
	dirHeaderLen = 46
	dirEndLen    = 22
	dir64LocLen  = 20
	dir64EndLen  = 56
)

// countEntries counts the entries archive/zip's NewReader would list, up to
// limit+1, reading only the fixed part of each directory header: over is
// true when there are more than limit. NewReader builds a File for every
// entry before anyone can look at their number (the end record's count is
// no bound: it compares only its low 16 bits), so a zip of 20 MiB could
// cost hundreds of thousands of allocations before its refusal.
//
// It finds the directory where NewReader does: it ends at the end record
// (or at the zip64 end record the locator points to) and begins its size
// before that; when the record's offset disagrees, NewReader may begin at
// the offset instead, so both are counted and the larger kept. A header
// counts when its fixed part is in data, so the count is never below
// NewReader's. Where no directory is found, NewReader refuses the zip.
func countEntries(data []byte, limit int) (n int, over bool) {
	end, ok := findDirEnd(data)
	if !ok {
		return 0, false
	}
	le := binary.LittleEndian
	size := uint64(le.Uint32(data[end+12:]))
	offset := uint64(le.Uint32(data[end+16:]))
	if le.Uint16(data[end+10:]) == 0xffff || size == 0xffff || offset == 0xffffffff {
		if p, ok := findDir64End(data, end); ok {
			end = p
			size, offset = le.Uint64(data[p+40:]), le.Uint64(data[p+48:])
		}
	}
	if size > uint64(end) {
		return 0, false
	}
	n = countHeaders(data, end-int(size), limit)
	if offset < uint64(len(data)) && offset != uint64(end)-size {
		n = max(n, countHeaders(data, int(offset), limit))
	}
	return n, n > limit
}

// findDirEnd finds the end record as archive/zip does: the last signature
// in the final 65 KiB whose comment fits in the data.
func findDirEnd(data []byte) (int, bool) {
	low := max(0, len(data)-65*1024)
	for i := len(data) - dirEndLen; i >= low; i-- {
		if string(data[i:i+4]) == dirEndSig {
			comment := int(binary.LittleEndian.Uint16(data[i+dirEndLen-2:]))
			return i, i+dirEndLen+comment <= len(data)
		}
	}
	return 0, false
}

// findDir64End follows the zip64 locator just before the end record at
// end to the zip64 end record, when both are there.
func findDir64End(data []byte, end int) (int, bool) {
	loc := end - dir64LocLen
	le := binary.LittleEndian
	if loc < 0 || string(data[loc:loc+4]) != dir64LocSig || le.Uint32(data[loc+4:]) != 0 || le.Uint32(data[loc+16:]) != 1 {
		return 0, false
	}
	p := le.Uint64(data[loc+8:])
	if len(data) < dir64EndLen || p > uint64(len(data)-dir64EndLen) || string(data[p:p+4]) != dir64EndSig {
		return 0, false
	}
	return int(p), true
}

// countHeaders counts the consecutive directory headers from at, up to
// limit+1.
func countHeaders(data []byte, at, limit int) int {
	le := binary.LittleEndian
	n := 0
	for n <= limit && at+dirHeaderLen <= len(data) && string(data[at:at+4]) == dirHeaderSig {
		n++
		at += dirHeaderLen + int(le.Uint16(data[at+28:])) + int(le.Uint16(data[at+30:])) + int(le.Uint16(data[at+32:]))
	}
	return n
}
