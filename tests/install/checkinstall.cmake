# cli.install: `cmake --install BUILD --prefix PREFIX` puts the binary and its libraries, the lessons, the desktop
# entry and the icon where a desktop finds them. Run with -DBUILD_DIR=... -DPREFIX=...
foreach(var BUILD_DIR PREFIX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "checkinstall: pass -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}\n${err}")
endif()

set(problems "")
foreach(path bin/attention-lab
             share/attention-lab/lessons/README.md
             share/attention-lab/lessons/01-why-attention.json
             share/attention-lab/lessons/16-baselines.json
             share/attention-lab/lessons/scenarios/xiaohong.json
             share/applications/attention-lab.desktop
             share/icons/hicolor/scalable/apps/attention-lab.svg)
  if(NOT EXISTS "${PREFIX}/${path}")
    string(APPEND problems "missing ${path}\n")
  endif()
endforeach()
# The engine and the views are shared libraries beside the program (lib/ or lib64/, as
# GNUInstallDirs chose); the --help run below finds them through the installed run path only.
foreach(library attn_core attn_ui)
  file(GLOB found "${PREFIX}/lib*/lib${library}.so")
  if(NOT found)
    string(APPEND problems "missing lib/lib${library}.so\n")
  endif()
endforeach()
if(EXISTS "${PREFIX}/bin/attention-lab" AND NOT IS_DIRECTORY "${PREFIX}/bin/attention-lab")
  execute_process(COMMAND "${PREFIX}/bin/attention-lab" --help RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "attention-lab compute")
    string(APPEND problems "bin/attention-lab --help failed (${rc}): ${out}\n")
  endif()
endif()
file(GLOB lessons "${PREFIX}/share/attention-lab/lessons/*.json")
list(LENGTH lessons count)
if(count LESS 16)
  string(APPEND problems "only ${count} lesson files installed, expected 16\n")
endif()

set(desktop "${PREFIX}/share/applications/attention-lab.desktop")
if(EXISTS "${desktop}")
  file(STRINGS "${desktop}" lines ENCODING UTF-8)
  foreach(key "Type=Application" "Name=Attention Lab" "Name\\[zh_CN\\]=." "Comment=." "Comment\\[zh_CN\\]=."
              "Exec=attention-lab" "Icon=attention-lab" "Categories=Education;Science;")
    set(found FALSE)
    foreach(line IN LISTS lines)
      if(line MATCHES "^${key}")
        set(found TRUE)
      endif()
    endforeach()
    if(NOT found)
      string(APPEND problems "the desktop entry has no line ${key}\n")
    endif()
  endforeach()
endif()
set(icon "${PREFIX}/share/icons/hicolor/scalable/apps/attention-lab.svg")
if(EXISTS "${icon}")
  file(READ "${icon}" svg)
  if(NOT svg MATCHES "<svg" OR svg MATCHES "<image")
    string(APPEND problems "the icon is not a plain SVG drawing\n")
  endif()
endif()

if(problems)
  message(FATAL_ERROR "install into ${PREFIX}:\n${problems}")
endif()
message(STATUS "install into ${PREFIX}: binary, ${count} lessons, desktop entry and icon in place")
file(REMOVE_RECURSE "${PREFIX}")
