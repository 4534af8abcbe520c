package table

import (
	"reflect"
	"testing"
)

// Every combat modifier of a feat survives combining with the others: a
// field added to Combat but not to combine would be silently lost.
func TestCombineKeepsEveryField(t *testing.T) {
	var b Combat
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
	if got := (Combat{}).Add(b); got != b {
		t.Errorf("Add lost fields:\n got %+v\nwant %+v", got, b)
	}
}
