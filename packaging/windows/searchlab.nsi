; SearchLab's Windows installer, made by scripts/package.sh with Debian's makensis:
;   makensis -DVERSION=0.1.0 -DSTAGE=<folder with the files> -DOUTFILE=<setup.exe> searchlab.nsi
;
; It installs for the user who runs it, without administrator rights (school machines
; often give none), into %LOCALAPPDATA%\Programs\SearchLab, with a Start-menu folder,
; run files and lessons (.ron) opened by SearchLab, and an entry in "Apps & features" to remove it.

; A 64-bit installer for a 64-bit app: on 32-bit Windows it does not start, rather than
; installing a program that cannot run.
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION | STAGE | OUTFILE
  !error "give -DVERSION=, -DSTAGE= and -DOUTFILE="
!endif

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\SearchLab"
!define PROGID "SearchLab.Run"

Name "SearchLab ${VERSION}"
OutFile "${OUTFILE}"
Icon "${STAGE}\searchlab.ico"
UninstallIcon "${STAGE}\searchlab.ico"
InstallDir "$LOCALAPPDATA\Programs\SearchLab"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ShowInstDetails show

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "SearchLab"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "SearchLab installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "MIT licence, the SearchLab authors"

LicenseData "${STAGE}\LICENSE.txt"
Page license
Page directory
Page instfiles
UninstPage uninstConfirm
UninstPage instfiles

Section "SearchLab"
  SetOutPath "$INSTDIR"
  File "${STAGE}\searchlab-app.exe"
  File "${STAGE}\searchlab.exe"
  File "${STAGE}\searchlab.ico"
  File "${STAGE}\README.md"
  File "${STAGE}\LICENSE.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The Start menu: the app, and a console in the install folder for the command line.
  CreateDirectory "$SMPROGRAMS\SearchLab"
  CreateShortcut "$SMPROGRAMS\SearchLab\SearchLab.lnk" "$INSTDIR\searchlab-app.exe" "" "$INSTDIR\searchlab.ico"
  CreateShortcut "$SMPROGRAMS\SearchLab\SearchLab command line.lnk" "$SYSDIR\cmd.exe" \
    '/k cd /d "$INSTDIR" && searchlab --help' "$INSTDIR\searchlab.ico"

  ; Run files: SearchLab is offered for .ron files ("Open with"), and opens them on a
  ; double-click where no other program has taken .ron already.
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "SearchLab run"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\searchlab.ico"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\searchlab-app.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}" ""
  ReadRegStr $0 HKCR ".ron" ""
  StrCmp $0 "" 0 +2
    WriteRegStr HKCU "Software\Classes\.ron" "" "${PROGID}"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "SearchLab"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "the SearchLab authors"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\searchlab.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1

  ; Explorer picks up the new file type at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\searchlab-app.exe"
  Delete "$INSTDIR\searchlab.exe"
  Delete "$INSTDIR\searchlab.ico"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\SearchLab\SearchLab.lnk"
  Delete "$SMPROGRAMS\SearchLab\SearchLab command line.lnk"
  RMDir "$SMPROGRAMS\SearchLab"

  DeleteRegValue HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}"
  ReadRegStr $0 HKCU "Software\Classes\.ron" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegValue HKCU "Software\Classes\.ron" ""
  DeleteRegKey /ifempty HKCU "Software\Classes\.ron\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.ron"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
