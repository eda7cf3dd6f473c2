# One INTERFACE target gives every ADES target the language level, warnings and Qt's strict macros
# (qBittorrent's CommonConfig.cmake idea).
add_library(ades_common INTERFACE)
target_compile_features(ades_common INTERFACE cxx_std_20)
target_compile_definitions(ades_common INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_KEYWORDS
)
target_compile_options(ades_common INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
if(ADES_WERROR)
    target_compile_options(ades_common INTERFACE -Werror)
endif()
# ASan and UBSan on every ADES target (.ci/sanitize). UBSan does not recover: the first report ends the
# process, so a test with undefined behaviour fails instead of printing a line nobody reads.
if(ADES_SANITIZERS OR ADES_FUZZERS)
    target_compile_options(ades_common INTERFACE
        -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_link_options(ades_common INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=undefined)
endif()
# libFuzzer (.ci/fuzz): the code under test carries libFuzzer's coverage instrumentation, or libFuzzer would
# see only the few lines of the target itself and mutate blind. Implies the sanitizers above; clang only.
if(ADES_FUZZERS)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "ADES_FUZZERS needs clang (CXX=clang++): libFuzzer is part of clang")
    endif()
    target_compile_options(ades_common INTERFACE -fsanitize=fuzzer-no-link)
endif()
