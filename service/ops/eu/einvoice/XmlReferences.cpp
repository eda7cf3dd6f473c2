#include "XmlReferences.h"

namespace ades::eu::xml {

namespace {

bool isXmlChar(char32_t c)
{
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
        || (c >= 0x10000 && c <= 0x10FFFF);
}

void appendUtf8(std::string &out, char32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

} // namespace

qsizetype decodeReferences(std::string_view raw, std::string &out)
{
    out.clear();
    size_t from = 0;
    for (size_t amp = raw.find('&'); amp != std::string_view::npos; amp = raw.find('&', from)) {
        out.append(raw.substr(from, amp - from));
        const size_t semicolon = raw.find(';', amp);
        if (semicolon == std::string_view::npos || semicolon - amp > 12)
            return qsizetype(amp);
        const std::string_view name = raw.substr(amp + 1, semicolon - amp - 1);
        if (name == "lt")
            out += '<';
        else if (name == "gt")
            out += '>';
        else if (name == "amp")
            out += '&';
        else if (name == "apos")
            out += '\'';
        else if (name == "quot")
            out += '"';
        else if (name.size() >= 2 && name[0] == '#') {
            const bool hex = name[1] == 'x';
            const std::string_view digits = name.substr(hex ? 2 : 1);
            if (digits.empty())
                return qsizetype(amp);
            char32_t code = 0;
            for (char d : digits) {
                int value = -1;
                if (d >= '0' && d <= '9')
                    value = d - '0';
                else if (hex && d >= 'a' && d <= 'f')
                    value = d - 'a' + 10;
                else if (hex && d >= 'A' && d <= 'F')
                    value = d - 'A' + 10;
                if (value < 0)
                    return qsizetype(amp);
                code = code * (hex ? 16 : 10) + char32_t(value);
                if (code > 0x10FFFF)
                    return qsizetype(amp);
            }
            if (!isXmlChar(code))
                return qsizetype(amp);
            appendUtf8(out, code);
        } else {
            return qsizetype(amp);
        }
        from = semicolon + 1;
    }
    out.append(raw.substr(from));
    return -1;
}

} // namespace ades::eu::xml
