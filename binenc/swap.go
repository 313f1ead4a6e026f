package binenc

import "encoding/binary"

// The swap functions copy src to dst reversing the bytes of each 2-, 4- or
// 8-byte word: they turn little endian into big endian and back. dst and src
// have the same length, a multiple of the word size, and may be the same
// slice (Read swaps in place). Each word becomes one load, one BSWAP (or
// ROLW for two bytes) and one store, eight words per iteration, with no
// bounds checks inside the loop.

func swap16(dst, src []byte) {
	dst = dst[:len(src)]
	for len(src) >= 16 && len(dst) >= 16 {
		binary.BigEndian.PutUint16(dst[0:2], binary.LittleEndian.Uint16(src[0:2]))
		binary.BigEndian.PutUint16(dst[2:4], binary.LittleEndian.Uint16(src[2:4]))
		binary.BigEndian.PutUint16(dst[4:6], binary.LittleEndian.Uint16(src[4:6]))
		binary.BigEndian.PutUint16(dst[6:8], binary.LittleEndian.Uint16(src[6:8]))
		binary.BigEndian.PutUint16(dst[8:10], binary.LittleEndian.Uint16(src[8:10]))
		binary.BigEndian.PutUint16(dst[10:12], binary.LittleEndian.Uint16(src[10:12]))
		binary.BigEndian.PutUint16(dst[12:14], binary.LittleEndian.Uint16(src[12:14]))
		binary.BigEndian.PutUint16(dst[14:16], binary.LittleEndian.Uint16(src[14:16]))
		dst, src = dst[16:], src[16:]
	}
	for len(src) >= 2 && len(dst) >= 2 {
		binary.BigEndian.PutUint16(dst, binary.LittleEndian.Uint16(src))
		dst, src = dst[2:], src[2:]
	}
}

func swap32(dst, src []byte) {
	dst = dst[:len(src)]
	for len(src) >= 32 && len(dst) >= 32 {
		binary.BigEndian.PutUint32(dst[0:4], binary.LittleEndian.Uint32(src[0:4]))
		binary.BigEndian.PutUint32(dst[4:8], binary.LittleEndian.Uint32(src[4:8]))
		binary.BigEndian.PutUint32(dst[8:12], binary.LittleEndian.Uint32(src[8:12]))
		binary.BigEndian.PutUint32(dst[12:16], binary.LittleEndian.Uint32(src[12:16]))
		binary.BigEndian.PutUint32(dst[16:20], binary.LittleEndian.Uint32(src[16:20]))
		binary.BigEndian.PutUint32(dst[20:24], binary.LittleEndian.Uint32(src[20:24]))
		binary.BigEndian.PutUint32(dst[24:28], binary.LittleEndian.Uint32(src[24:28]))
		binary.BigEndian.PutUint32(dst[28:32], binary.LittleEndian.Uint32(src[28:32]))
		dst, src = dst[32:], src[32:]
	}
	for len(src) >= 4 && len(dst) >= 4 {
		binary.BigEndian.PutUint32(dst, binary.LittleEndian.Uint32(src))
		dst, src = dst[4:], src[4:]
	}
}

func swap64(dst, src []byte) {
	dst = dst[:len(src)]
	for len(src) >= 64 && len(dst) >= 64 {
		binary.BigEndian.PutUint64(dst[0:8], binary.LittleEndian.Uint64(src[0:8]))
		binary.BigEndian.PutUint64(dst[8:16], binary.LittleEndian.Uint64(src[8:16]))
		binary.BigEndian.PutUint64(dst[16:24], binary.LittleEndian.Uint64(src[16:24]))
		binary.BigEndian.PutUint64(dst[24:32], binary.LittleEndian.Uint64(src[24:32]))
		binary.BigEndian.PutUint64(dst[32:40], binary.LittleEndian.Uint64(src[32:40]))
		binary.BigEndian.PutUint64(dst[40:48], binary.LittleEndian.Uint64(src[40:48]))
		binary.BigEndian.PutUint64(dst[48:56], binary.LittleEndian.Uint64(src[48:56]))
		binary.BigEndian.PutUint64(dst[56:64], binary.LittleEndian.Uint64(src[56:64]))
		dst, src = dst[64:], src[64:]
	}
	for len(src) >= 8 && len(dst) >= 8 {
		binary.BigEndian.PutUint64(dst, binary.LittleEndian.Uint64(src))
		dst, src = dst[8:], src[8:]
	}
}

// swap copies src to dst reversing the bytes of each size-byte word.
func swap(dst, src []byte, size int) {
	switch size {
	case 1:
		copy(dst, src)
	case 2:
		swap16(dst, src)
	case 4:
		swap32(dst, src)
	case 8:
		swap64(dst, src)
	}
}
