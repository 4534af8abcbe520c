package tropera

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Every combat modifier of a feat survives combining with the others: a
// field added to table.Combat but not to combine would be silently lost.
func TestCombineKeepsEveryField(t *testing.T) {
	var b table.Combat
	v := reflect.ValueOf(&b).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int8:
			f.SetInt(int64(i%3 + 1))
		default:
			t.Fatalf("field %s of kind %s: teach this test", v.Type().Field(i).Name, f.Kind())
		}
	}
	if got := combine(table.Combat{}, b); got != b {
		t.Errorf("combine lost fields:\n got %+v\nwant %+v", got, b)
	}
}
