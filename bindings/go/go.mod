module github.com/openflexio/openflexio/bindings/go

go 1.24
