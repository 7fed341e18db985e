#!/usr/bin/env python3
"""Validates JSON documents against Flipbook's JSON Schemas with an independent validator.

Usage: validate.py SCHEMA_FILE... -- KIND=DOCUMENT...

Each SCHEMA_FILE is checked as a draft 2020-12 schema (Draft202012Validator.check_schema); KIND is a
schema's file name without ".schema.json" (scene, script, variants, manifest). Prints one line per
document, tab-separated: "valid", the document; or "invalid", the document, the first error's JSON path
and message; or "unreadable", the document, why (not JSON, or nested too deeply for Python). Exits 0 when every schema is valid (whatever the documents' verdicts), 2 otherwise.

Works with Debian 12's python3-jsonschema (4.10, RefResolver) and with later releases (referencing).
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def main(arguments):
    split = arguments.index("--") if "--" in arguments else len(arguments)
    schema_files, documents = arguments[:split], arguments[split + 1 :]
    schemas = {}
    for path in schema_files:
        with open(path, encoding="utf-8") as file:
            schema = json.load(file)
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            print(f"schema-error\t{path}\t{error.message}")
            return 2
        name = path.rsplit("/", 1)[-1]
        schemas[name.removesuffix(".schema.json")] = schema
    validators = make_validators(schemas)
    for argument in documents:
        kind, _, path = argument.partition("=")
        try:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
            errors = sorted(validators[kind].iter_errors(document), key=lambda e: list(e.absolute_path))
        except (ValueError, RecursionError) as error:
            print(f"unreadable\t{path}\t{type(error).__name__}")
            continue
        if errors:
            error = errors[0]
            print(f"invalid\t{path}\t{error.json_path}\t{error.message[:300]}".replace("\n", " "))
        else:
            print(f"valid\t{path}")
    return 0


def make_validators(schemas):
    """One validator per kind, each resolving the others' $ids (the schemas refer to one another)."""
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return {kind: Draft202012Validator(s, registry=registry) for kind, s in schemas.items()}
    except ImportError:
        from jsonschema import RefResolver

        store = {s["$id"]: s for s in schemas.values()}
        return {
            kind: Draft202012Validator(s, resolver=RefResolver.from_schema(s, store=store))
            for kind, s in schemas.items()
        }


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
