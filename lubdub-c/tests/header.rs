//! The committed header, `include/lubdub.h`, is the one cbindgen writes from
//! this crate's code (with `cbindgen.toml`). `LUBDUB_C_WRITE_HEADER=1` writes
//! it instead of checking.

use std::path::Path;

#[test]
fn the_committed_header_is_the_generated_one() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the crate");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");
    let path = crate_dir.join("include/lubdub.h");
    if std::env::var_os("LUBDUB_C_WRITE_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("include/lubdub.h is writable");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/lubdub.h is not the header the code makes: \
         run `LUBDUB_C_WRITE_HEADER=1 cargo test -p lubdub-c --test header` and commit it"
    );
}
