package ok

import "testing"

var sink []string

func BenchmarkFields(b *testing.B) {
	for b.Loop() {
		sink = Fields("a,b,c,d,e,f,g,h")
	}
}

func BenchmarkNone(b *testing.B) {
	for b.Loop() {
		sink = nil
	}
}

func BenchmarkSub(b *testing.B) {
	for _, s := range []string{"a,b", "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p"} {
		b.Run("n="+string(rune('0'+len(s)%10)), func(b *testing.B) {
			for b.Loop() {
				sink = Fields(s)
			}
		})
	}
}
