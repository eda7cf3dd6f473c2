#include "XmlNameTable.h"

namespace ades::eu::xml {

NameTable &nameTable()
{
    thread_local NameTable table;
    return table;
}

} // namespace ades::eu::xml
