package binenc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
)

// Number is the set of fixed-size numeric types binenc encodes, and of the
// types defined on them (such as type Celsius float32).
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 |
		~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64
}

// errNilOrder is returned for a nil binary.ByteOrder.
var errNilOrder = errors.New("binenc: nil byte order: pass binary.LittleEndian, binary.BigEndian or binary.NativeEndian")

// hostBig is true on machines that store the most significant byte first.
var hostBig = binary.NativeEndian.Uint16([]byte{0, 1}) == 1

// Size returns how many bytes data encodes to: len(data) times the size of
// one value. It does not allocate.
func Size[T Number](data []T) int {
	return len(data) * sizeOf[T]()
}

// Append appends the encoding of data in the given byte order to buf and
// returns the extended buffer. It allocates only when buf lacks the capacity,
// and then once. The error is non-nil only for a nil order, for which
// binary.Append panics.
func Append[T Number](buf []byte, order binary.ByteOrder, data []T) ([]byte, error) {
	if order == nil {
		return buf, errNilOrder
	}
	n := len(buf)
	buf = slices.Grow(buf, Size(data))[:n+Size(data)]
	encodeTo(buf[n:], order, data)
	return buf, nil
}

// Encode writes the encoding of data in the given byte order into buf and
// returns the number of bytes written, Size(data). If buf is shorter than
// that, Encode writes nothing and returns an error wrapping io.ErrShortBuffer
// that says how many bytes it needed; binary.Encode returns an unexported
// error that callers cannot name, so nothing a caller could compare with ==
// changes. A nil order is an error (binary.Encode panics). It does not
// allocate (except for the error).
func Encode[T Number](buf []byte, order binary.ByteOrder, data []T) (int, error) {
	if order == nil {
		return 0, errNilOrder
	}
	size := Size(data)
	if len(buf) < size {
		return 0, fmt.Errorf("binenc: Encode needs %d bytes for %d %s, the buffer has %d: pass a buffer of binenc.Size(data) bytes or use binenc.Append: %w",
			size, len(data), typeName[T](), len(buf), io.ErrShortBuffer)
	}
	encodeTo(buf[:size], order, data)
	return size, nil
}

// Decode fills data with values decoded from the start of buf in the given
// byte order and returns the number of bytes read, Size(data). If buf is
// shorter than that, Decode changes nothing in data and returns an error
// wrapping io.ErrUnexpectedEOF that says how many bytes it needed;
// binary.Decode returns an unexported error that callers cannot name, so
// nothing a caller could compare with == changes. A nil order is an error
// (binary.Decode panics). It does not allocate (except for the error).
func Decode[T Number](buf []byte, order binary.ByteOrder, data []T) (int, error) {
	if order == nil {
		return 0, errNilOrder
	}
	size := Size(data)
	if len(buf) < size {
		return 0, fmt.Errorf("binenc: Decode needs %d bytes for %d %s, the buffer has %d: pass at least binenc.Size(data) bytes or a shorter data: %w",
			size, len(data), typeName[T](), len(buf), io.ErrUnexpectedEOF)
	}
	decodeFrom(data, order, buf[:size])
	return size, nil
}

// bigEndian reports whether order is big endian, and whether order is one
// of encoding/binary's own orders, whose layout binenc knows.
func bigEndian(order binary.ByteOrder) (big, known bool) {
	switch {
	case holds(order, binary.LittleEndian):
		return false, true
	case holds(order, binary.BigEndian):
		return true, true
	case holds(order, binary.NativeEndian):
		return hostBig, true
	}
	return false, false
}

// holds reports whether order holds a value of the same type as o.
// encoding/binary's orders are empty structs of unexported types, so their
// type is their whole value: a type assertion, one comparison of type words,
// tells them apart where == would also call the runtime to compare values.
func holds[O binary.ByteOrder](order binary.ByteOrder, o O) bool {
	_, ok := order.(O)
	return ok
}

// encodeTo encodes src into dst, which holds exactly Size(src) bytes.
func encodeTo[T Number](dst []byte, order binary.ByteOrder, src []T) {
	if big, known := bigEndian(order); known {
		encode(dst, big, src)
		return
	}
	encodeEach(dst, order, src)
}

// decodeFrom decodes src, which holds exactly Size(dst) bytes, into dst.
func decodeFrom[T Number](dst []T, order binary.ByteOrder, src []byte) {
	if big, known := bigEndian(order); known {
		decode(dst, big, src)
		return
	}
	decodeEach(dst, order, src)
}

// encode encodes src into dst in big or little endian: one copy when that is
// the host's order, else one byte-reversing pass.
func encode[T Number](dst []byte, big bool, src []T) {
	raw, ok := view(src)
	switch {
	case !ok:
		encodeEach(dst, orderFor(big), src)
	case big == hostBig:
		copy(dst, raw)
	default:
		swap(dst, raw, sizeOf[T]())
	}
}

// decode is encode's inverse.
func decode[T Number](dst []T, big bool, src []byte) {
	raw, ok := view(dst)
	switch {
	case !ok:
		decodeEach(dst, orderFor(big), src)
	case big == hostBig:
		copy(raw, src)
	default:
		swap(raw, src, sizeOf[T]())
	}
}

// orderFor returns encoding/binary's order for big.
func orderFor(big bool) binary.ByteOrder {
	if big {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// typeName names T in error messages.
func typeName[T Number]() string {
	return reflect.TypeFor[T]().String()
}
