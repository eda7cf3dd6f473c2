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
if(ADES_SANITIZERS)
    target_compile_options(ades_common INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
    target_link_options(ades_common INTERFACE -fsanitize=address,undefined)
endif()
