package binenc

import (
	"encoding/binary"
	"math"
	"reflect"
)

// encodeEach encodes src into dst value by value through order's methods.
// It serves byte orders other than encoding/binary's own, and every order in
// the purego build. It does not allocate.
func encodeEach[T Number](dst []byte, order binary.ByteOrder, src []T) {
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Int8, reflect.Uint8:
		for i, v := range src {
			dst[i] = byte(v)
		}
	case reflect.Int16, reflect.Uint16:
		for i, v := range src {
			order.PutUint16(dst[2*i:], uint16(v))
		}
	case reflect.Int32, reflect.Uint32:
		for i, v := range src {
			order.PutUint32(dst[4*i:], uint32(v))
		}
	case reflect.Int64, reflect.Uint64:
		for i, v := range src {
			order.PutUint64(dst[8*i:], uint64(v))
		}
	case reflect.Float32:
		for i, v := range src {
			order.PutUint32(dst[4*i:], math.Float32bits(float32(v)))
		}
	case reflect.Float64:
		for i, v := range src {
			order.PutUint64(dst[8*i:], math.Float64bits(float64(v)))
		}
	}
}

// decodeEach is encodeEach's inverse. It does not allocate.
func decodeEach[T Number](dst []T, order binary.ByteOrder, src []byte) {
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Int8, reflect.Uint8:
		for i := range dst {
			dst[i] = T(src[i])
		}
	case reflect.Int16, reflect.Uint16:
		for i := range dst {
			dst[i] = T(order.Uint16(src[2*i:]))
		}
	case reflect.Int32, reflect.Uint32:
		for i := range dst {
			dst[i] = T(order.Uint32(src[4*i:]))
		}
	case reflect.Int64, reflect.Uint64:
		for i := range dst {
			dst[i] = T(order.Uint64(src[8*i:]))
		}
	case reflect.Float32:
		for i := range dst {
			dst[i] = T(math.Float32frombits(order.Uint32(src[4*i:])))
		}
	case reflect.Float64:
		for i := range dst {
			dst[i] = T(math.Float64frombits(order.Uint64(src[8*i:])))
		}
	}
}
